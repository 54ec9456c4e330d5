import AlmanacCore

/// YAML front matter between `---` lines at the top of a page, as Hugo and Jekyll read
/// it. almanac reads the part of YAML such pages use: `key: value` lines with plain,
/// 'single-' or "double-quoted" scalars, flow lists `[a, "b"]` and block lists
/// (`- item` lines). It writes every string double-quoted.
struct FrontMatter {
    enum Value: Hashable {
        case scalar(String)
        case list([String])

        var scalar: String? {
            if case .scalar(let text) = self { return text }
            return nil
        }

        /// A list as a list, a non-empty scalar as a list of one.
        var list: [String] {
            switch self {
            case .list(let items): return items
            case .scalar(let text): return text.isEmpty ? [] : [text]
            }
        }
    }

    struct Entry {
        var key: String
        var value: Value
        /// Line index in the source (for errors).
        var line: Int
    }

    var entries: [Entry] = []
    /// Keys whose values almanac could not read (nested mappings), for a warning.
    var skippedKeys: [String] = []

    subscript(key: String) -> Entry? {
        entries.first { $0.key == key }
    }

    /// The index of the closing line when `lines[start]` opens front matter (`---`,
    /// not followed by a blank line, closed by `---` or `...`).
    static func closingLine<Lines: RandomAccessCollection<[UInt8]>>(_ lines: Lines, start: Int, end: Int) -> Int? where Lines.Index == Int {
        guard start < end, isDelimiter(lines[start], dots: false), start + 1 < end, !LineScanner.isBlank(lines[start + 1]) else { return nil }
        var index = start + 1
        while index < end {
            if isDelimiter(lines[index], dots: true) { return index }
            index += 1
        }
        return nil
    }

    private static func isDelimiter(_ line: [UInt8], dots: Bool) -> Bool {
        var text = line
        while let last = text.last, last == LineScanner.space || last == LineScanner.tab { text.removeLast() }
        return text == Array("---".utf8) || (dots && text == Array("...".utf8))
    }

    /// Reads lines `range` (between the delimiters).
    /// - Throws: a message and the line index when a line is not YAML almanac reads.
    init<Lines: RandomAccessCollection<[UInt8]>>(lines: Lines, range: Range<Int>) throws(FrontMatterError) where Lines.Index == Int {
        var listKey: Int?
        var skipping = false
        for index in range {
            let text = String(decoding: lines[index], as: UTF8.self)
            let trimmed = text.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indented = text.first == " " || text.first == "\t"
            if trimmed == "-" || trimmed.hasPrefix("- ") {
                if skipping { continue }
                guard let owner = listKey else { throw FrontMatterError(message: "a list item without a key", line: index) }
                let item = try Self.scalar(String(trimmed.dropFirst()).trimmingSpaces, line: index)
                entries[owner].value = .list(entries[owner].value.list + [item])
                continue
            }
            if indented {
                if skipping { continue }
                if let owner = listKey, entries[owner].value == .scalar("") {
                    skippedKeys.append(entries[owner].key)
                    entries.remove(at: owner)
                    listKey = nil
                    skipping = true
                    continue
                }
                throw FrontMatterError(message: "unexpected indented line", line: index)
            }
            skipping = false
            guard let colon = Self.keyColon(trimmed) else { throw FrontMatterError(message: "expected 'key: value'", line: index) }
            var key = String(trimmed[..<colon]).trimmingSpaces
            if key.count >= 2, key.first == "\"" || key.first == "'", key.last == key.first { key = String(key.dropFirst().dropLast()) }
            let rest = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
            listKey = nil
            if rest.isEmpty {
                entries.append(Entry(key: key, value: .scalar(""), line: index))
                listKey = entries.count - 1
            } else if rest.hasPrefix("[") {
                entries.append(Entry(key: key, value: .list(try Self.flowList(rest, line: index)), line: index))
            } else if rest.hasPrefix("{") || rest.hasPrefix("|") || rest.hasPrefix(">") {
                skippedKeys.append(key)
            } else {
                entries.append(Entry(key: key, value: .scalar(try Self.scalar(rest, line: index)), line: index))
            }
        }
    }

    init() {}

    /// Appends `key: value`; skips empty values.
    mutating func set(_ key: String, _ value: Value?) {
        guard let value, value != .list([]), value != .scalar("") else { return }
        entries.append(Entry(key: key, value: value, line: 0))
    }

    /// Sets `key` to `value` in the place it has, or appends it; removes it when `value` is `nil`.
    mutating func replace(_ key: String, _ value: Value?) {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return set(key, value) }
        if let value { entries[index].value = value } else { entries.remove(at: index) }
    }

    /// The front matter at the top of `text` (as ``rendered(plain:)`` writes it) and the
    /// text after it, or `nil` when `text` starts with none.
    static func split(_ text: String) -> (matter: FrontMatter, body: Substring)? {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        guard let closing = closingLine(lines, start: 0, end: lines.count),
              let matter = try? FrontMatter(lines: lines, range: 1..<closing) else { return nil }
        let offset = lines[...closing].reduce(0) { $0 + $1.count + 1 }
        return (matter, text.utf8.count >= offset ? Substring(text.utf8.dropFirst(offset)) : "")
    }

    /// The front matter as lines between `---` delimiters, each ending in a newline.
    /// Strings are written quoted unless `plain` lists the key (numbers, booleans).
    func rendered(plain: Set<String>) -> String {
        var text = "---\n"
        for entry in entries {
            text += Self.quoted(entry.key, force: false) + ": "
            switch entry.value {
            case .scalar(let value): text += plain.contains(entry.key) ? value : Self.quoted(value, force: true)
            case .list(let items): text += "[" + items.map { Self.quoted($0, force: true) }.joined(separator: ", ") + "]"
            }
            text += "\n"
        }
        return text + "---\n"
    }

    /// A YAML double-quoted string (also a JSON string).
    static func quoted(_ text: String, force: Bool) -> String {
        if !force, !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || MarkdownText.isDigit($0) || $0 == "-" || $0 == "_") }) {
            return text
        }
        return YAMLDoubleQuoted.quote(text, controls: .escaped)
    }

    private static func keyColon(_ text: String) -> String.Index? {
        var index = text.startIndex
        var quote: Character?
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " || text[next] == "\t" { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A plain, single- or double-quoted scalar, without a trailing ` # comment`.
    private static func scalar(_ text: String, line: Int) throws(FrontMatterError) -> String {
        var characters = Array(text)
        var index = 0
        let value = try quotedScalar(&characters, &index, line: line)
        if let value {
            let rest = String(characters[index...]).trimmingSpaces
            guard rest.isEmpty || rest.hasPrefix("#") else { throw FrontMatterError(message: "text after a quoted string", line: line) }
            return value
        }
        var plain = ""
        var previous: Character = " "
        for character in text {
            if character == "#" && (previous == " " || previous == "\t") { break }
            plain.append(character)
            previous = character
        }
        return plain.trimmingSpaces
    }

    private static func flowList(_ text: String, line: Int) throws(FrontMatterError) -> [String] {
        var characters = Array(text)
        var index = 1
        var items: [String] = []
        while true {
            while index < characters.count && (characters[index] == " " || characters[index] == "\t") { index += 1 }
            guard index < characters.count else { throw FrontMatterError(message: "unterminated list", line: line) }
            if characters[index] == "]" && items.isEmpty { index += 1; break }
            if let value = try quotedScalar(&characters, &index, line: line) {
                items.append(value)
            } else {
                var plain = ""
                while index < characters.count && characters[index] != "," && characters[index] != "]" {
                    plain.append(characters[index])
                    index += 1
                }
                items.append(plain.trimmingSpaces)
            }
            while index < characters.count && (characters[index] == " " || characters[index] == "\t") { index += 1 }
            guard index < characters.count else { throw FrontMatterError(message: "unterminated list", line: line) }
            if characters[index] == "]" { index += 1; break }
            guard characters[index] == "," else { throw FrontMatterError(message: "expected ',' or ']' in a list", line: line) }
            index += 1
        }
        guard String(characters[index...]).trimmingSpaces.isEmpty else { throw FrontMatterError(message: "text after a list", line: line) }
        return items
    }

    /// A quoted string at `index` (moving past it), or `nil` when none starts there.
    private static func quotedScalar(_ characters: inout [Character], _ index: inout Int, line: Int) throws(FrontMatterError) -> String? {
        guard index < characters.count, characters[index] == "\"" || characters[index] == "'" else { return nil }
        let quote = characters[index]
        index += 1
        var value = ""
        while index < characters.count {
            let character = characters[index]
            if character == quote {
                if quote == "'" && index + 1 < characters.count && characters[index + 1] == "'" {
                    value.append("'")
                    index += 2
                    continue
                }
                index += 1
                return value
            }
            if quote == "\"" && character == "\\" && index + 1 < characters.count {
                index += 1
                let escape = characters[index]
                index += 1
                switch escape {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "\"", "\\", "/", " ": value.append(escape)
                case "u", "x", "U":
                    let width = escape == "u" ? 4 : escape == "x" ? 2 : 8
                    guard index + width <= characters.count, let code = UInt32(String(characters[index..<(index + width)]), radix: 16),
                          let scalar = Unicode.Scalar(code) else { throw FrontMatterError(message: "invalid \\\(escape) escape", line: line) }
                    value.unicodeScalars.append(scalar)
                    index += width
                default: throw FrontMatterError(message: "invalid escape \\\(escape)", line: line)
                }
                continue
            }
            value.append(character)
            index += 1
        }
        throw FrontMatterError(message: "unterminated quoted string", line: line)
    }
}

/// A front-matter line almanac cannot read.
struct FrontMatterError: Error {
    var message: String
    /// Line index in the source.
    var line: Int
}

extension String {
    /// Without spaces and tabs at both ends.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

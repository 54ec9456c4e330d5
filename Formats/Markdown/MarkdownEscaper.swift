import Foundation

/// Writes plain text as Markdown that reads back as the same text in almanac, in
/// CommonMark renderers and in pandoc: characters that could start emphasis, code,
/// links, images, raw HTML or entities are backslash-escaped, and so is whatever at the
/// start of a line could open a block (`#`, `-`, `+`, `=`, `1.`, `>`). A carriage return,
/// which would read as a line end, is written as the reference `&#13;`.
enum MarkdownEscaper {
    /// Escaped everywhere.
    private static let always: Set<Unicode.Scalar> = ["\\", "*", "_", "`", "[", "]", "<", ">", "~"]

    /// `text` escaped for inline use. Line breaks stay; the caller indents the lines
    /// after the first as its container needs.
    /// - Parameters:
    ///   - heading: also escape every `#` (a heading's closing sequence) and write line breaks as spaces.
    ///   - extra: more characters to escape, such as `,` in tags.
    static func escape(_ text: String, heading: Bool = false, extra: Set<Unicode.Scalar> = []) -> String {
        guard extra.allSatisfy(\.isASCII) else { return escapeScalars(text, heading: heading, extra: extra) }
        var bytes: [UInt8] = []
        append(text, heading: heading, extra: extra.map { UInt8($0.value) }, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``escape(_:heading:extra:)`` of `text` to `output` as UTF-8, for ASCII `extra`
    /// characters. Every character that can need a backslash is ASCII, so runs of bytes that
    /// need nothing (the most of any text) are copied whole.
    static func append(_ text: String, heading: Bool = false, extra: [UInt8] = [], to output: inout [UInt8]) {
        var escaped = alwaysSet
        var stops = plainStops
        if heading {
            escaped.insert(UInt8(ascii: "#"))
            stops.insert(UInt8(ascii: "#"))
        }
        for byte in extra {
            escaped.insert(byte)
            stops.insert(byte)
        }
        let table: [UInt8]
        if extra.isEmpty {
            table = heading ? headingStopTable : plainStopTable
        } else if extra == [UInt8(ascii: ",")] && !heading {
            table = commaStopTable
        } else {
            table = stops.table
        }
        MarkdownText.withBytes(text) { bytes in
            table.withUnsafeBufferPointer { append(bytes, heading: heading, escaped: escaped, stops: $0, to: &output) }
        }
    }

    /// Appends ``escape(_:heading:extra:)`` of the text whose UTF-8 is `text`.
    static func append(utf8 text: [UInt8], to output: inout [UInt8]) {
        text.withUnsafeBufferPointer { bytes in
            plainStopTable.withUnsafeBufferPointer { append(bytes, heading: false, escaped: alwaysSet, stops: $0, to: &output) }
        }
    }

    /// ``plainStops`` (and with `#`, or `,`) as a table of all 256 bytes, for the scan of runs
    /// (and for ``GeneratedBodyCheck``: a text without any of them is written as it is).
    static let plainStopTable = plainStops.table
    static let headingStopTable: [UInt8] = {
        var stops = plainStops
        stops.insert(UInt8(ascii: "#"))
        return stops.table
    }()
    static let commaStopTable: [UInt8] = {
        var stops = plainStops
        stops.insert(UInt8(ascii: ","))
        return stops.table
    }()

    /// Where a run of bytes that need nothing stops without a heading or extras.
    private static let plainStops: ASCIISet = {
        var stops = alwaysSet
        for byte in [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "&")] { stops.insert(byte) }
        return stops
    }()

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, heading: Bool, escaped: ASCIISet, stops: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let count = bytes.count
        // Most texts start with a letter (or a non-ASCII character) and hold no byte of
        // `stops` at all: nothing asks for anything, and they are copied in one piece.
        if let first = bytes.first, stops[Int(first)] == 0, first >= 0x80 || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")),
           ByteRun.end(of: bytes, from: 1, stops: stops) == count {
            output.append(contentsOf: bytes)
            return
        }
        var lineStart = true
        var cursor = 0
        while cursor < count {
            if !lineStart {
                // Within a line only the bytes of `stops` ask for anything.
                let run = cursor
                cursor = ByteRun.end(of: bytes, from: cursor, stops: stops)
                if cursor > run { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<cursor])) }
                if cursor == count { break }
            }
            let byte = bytes[cursor]
            cursor += 1
            if byte == UInt8(ascii: "\n") {
                if heading {
                    output.append(UInt8(ascii: " "))
                } else {
                    output.append(byte)
                    lineStart = true
                }
                continue
            }
            if byte == UInt8(ascii: "\r") {
                // A carriage return would read as (part of) a line end: write it as a reference.
                output.append(contentsOf: carriageReturn)
                continue
            }
            guard byte < 0x80 else {
                // A byte of a non-ASCII character: never escaped, but it starts the line's text.
                lineStart = false
                output.append(byte)
                continue
            }
            var escapeIt = escaped.contains(byte)
            if lineStart && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                lineStart = false
                switch byte {
                case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                    escapeIt = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var end = cursor
                    while end < count && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9") { end += 1 }
                    if end < count && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")) {
                        // `1.` or `1)` would open a list: escape its delimiter.
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(cursor - 1)..<end]))
                        output.append(UInt8(ascii: "\\"))
                        output.append(bytes[end])
                        cursor = end + 1
                        continue
                    }
                default:
                    break
                }
            }
            if !escapeIt && byte == UInt8(ascii: "&") && cursor < count {
                // `&#…` and `&name` could read as an entity.
                let next = bytes[cursor]
                escapeIt = next == UInt8(ascii: "#") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
            }
            if escapeIt { output.append(UInt8(ascii: "\\")) }
            output.append(byte)
        }
    }

    private static let carriageReturn = Array("&#13;".utf8)

    /// A set of ASCII bytes as two bit masks.
    private struct ASCIISet {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { insert(byte) }
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }

        func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
            return byte < 128 && high & (1 << UInt64(byte &- 64)) != 0
        }

        /// 1 for each of the 256 bytes that is in the set, else 0.
        var table: [UInt8] { (0...255).map { contains(UInt8($0)) ? 1 : 0 } }
    }

    /// ``always`` as bytes.
    private static let alwaysSet = ASCIISet(always.map { UInt8($0.value) })

    /// ``escape(_:heading:extra:)`` scalar by scalar, for a text whose bytes are not at hand.
    private static func escapeScalars(_ text: String, heading: Bool, extra: Set<Unicode.Scalar>) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var lineStart = true
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            if scalar == "\n" && heading { scalar = " " }
            if scalar == "\n" {
                output.append(scalar)
                lineStart = true
                index += 1
                continue
            }
            if scalar == "\r" {
                output.append(contentsOf: "&#13;".unicodeScalars)
                index += 1
                continue
            }
            var escapeIt = always.contains(scalar) || extra.contains(scalar) || (heading && scalar == "#")
            if lineStart && scalar != " " && scalar != "\t" {
                lineStart = false
                if scalar == "#" || scalar == "-" || scalar == "+" || scalar == "=" {
                    escapeIt = true
                } else if MarkdownText.isDigit(scalar) {
                    var end = index
                    while end < scalars.count && MarkdownText.isDigit(scalars[end]) { end += 1 }
                    if end < scalars.count && (scalars[end] == "." || scalars[end] == ")") {
                        output.append(contentsOf: scalars[index..<end])
                        output.append("\\")
                        output.append(scalars[end])
                        index = end + 1
                        continue
                    }
                }
            }
            if escapeIt {
                output.append("\\")
            } else if scalar == "&", index + 1 < scalars.count,
                      scalars[index + 1] == "#" || (scalars[index + 1].isASCII && scalars[index + 1].properties.isAlphabetic) {
                output.append("\\")
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    /// A link destination: bare when it is simple, else in angle brackets.
    static func linkDestination(_ destination: String) -> String {
        let simple = !destination.isEmpty && destination.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0 != "<" && $0 != ">" && $0 != "(" && $0 != ")" && $0 != "\\" && $0.value != 0x7F
        }
        if simple { return destination }
        var output = "<"
        for character in destination {
            switch character {
            case "<", ">", "\\": output += "\\\(character)"
            case "\n": output += "%0A"
            case "\r": output += "%0D"
            default: output.append(character)
            }
        }
        return output + ">"
    }

    /// Indents the lines of `output[start...]` after its first by `columns` spaces, as
    /// ``indentContinuation(_:columns:)`` does for a text.
    static func indentContinuation(_ output: inout [UInt8], from start: Int, columns: Int) {
        // Most texts are one line: `memchr` finds that there is no break far faster than a loop.
        let count = output.count
        let found: Int? = output.withUnsafeBufferPointer { bytes in
            guard start < count, let base = bytes.baseAddress,
                  let hit = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let firstBreak = found else { return }
        var indented: [UInt8] = []
        indented.reserveCapacity(output.count - firstBreak + columns * 4)
        var lineStart = firstBreak + 1
        while true {
            var end = lineStart
            while end < output.count && output[end] != UInt8(ascii: "\n") { end += 1 }
            let line = output[lineStart..<end]
            if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                indented.append(contentsOf: repeatElement(UInt8(ascii: " "), count: columns))
            }
            indented.append(contentsOf: line)
            guard end < output.count else { break }
            indented.append(UInt8(ascii: "\n"))
            lineStart = end + 1
        }
        output.replaceSubrange((firstBreak + 1)..., with: indented)
    }

    /// `lines` indented by `columns` spaces after the first; blank lines stay empty.
    static func indentContinuation(_ text: String, columns: Int) -> String {
        // Most steps are one line: nothing to indent, and no need to split into Characters.
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        let pad = String(repeating: " ", count: columns)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropFirst() where !lines[index].allSatisfy({ $0 == " " || $0 == "\t" }) {
            lines[index] = pad + lines[index]
        }
        return lines.joined(separator: "\n")
    }
}

import AlmanacCore
import Foundation

/// Proves, without writing it, that a recipe's body is what ``RecipeWriter`` makes of the
/// recipe's fields (``RecipeWriter/generatedBody(_:markup:into:warnings:)`` without markup),
/// for the common shape of such a body: texts that need no escaping, trimming or indenting,
/// no links, times or ingredients with a unit but no amount, groups at most 6 deep. It walks
/// the body once, comparing each piece the writer would append with the bytes in place (a
/// text with its UTF-8, after one scan of it for bytes the escaper looks at); only amounts
/// are formatted, by the writer's own ``RecipeWriter/appendAmount(_:unit:to:)``.
///
/// `true` means the writer would write exactly `body`; `false` that this check cannot tell,
/// and the writer is asked (``KeptRecipeSource/keep(_:of:merged:)``).
struct GeneratedBodyCheck {
    private let body: UnsafeBufferPointer<UInt8>
    private var cursor = 0
    /// An amount as the writer formats it.
    private var scratch: [UInt8] = []
    /// ``MarkdownEscaper``'s tables of the bytes it stops at: plain text, headings, lists with `,`.
    private let plain: UnsafeBufferPointer<UInt8>
    private let heading: UnsafeBufferPointer<UInt8>
    private let comma: UnsafeBufferPointer<UInt8>

    private init(_ body: UnsafeBufferPointer<UInt8>, plain: UnsafeBufferPointer<UInt8>, heading: UnsafeBufferPointer<UInt8>, comma: UnsafeBufferPointer<UInt8>) {
        self.body = body
        self.plain = plain
        self.heading = heading
        self.comma = comma
    }

    /// Whether `body` is, provably, what the writer makes of `recipe`'s fields.
    static func proves(_ body: UnsafeBufferPointer<UInt8>, isGeneratedFrom recipe: Recipe) -> Bool {
        MarkdownEscaper.plainStopTable.withUnsafeBufferPointer { plain in
            MarkdownEscaper.headingStopTable.withUnsafeBufferPointer { heading in
                MarkdownEscaper.commaStopTable.withUnsafeBufferPointer { comma in
                    var check = GeneratedBodyCheck(body, plain: plain, heading: heading, comma: comma)
                    return check.matches(recipe) && check.cursor == body.count
                }
            }
        }
    }

    private mutating func matches(_ recipe: Recipe) -> Bool {
        guard recipe.prepTime == nil, recipe.cookTime == nil, recipe.totalTime == nil,
              expect("# "), expectText(recipe.title, stops: heading, trimmed: false) else { return false }
        if let summary = recipe.summary {
            guard expect("\n\n"), expectText(summary, stops: plain, trimmed: true) else { return false }
        }
        for (index, tag) in recipe.tags.enumerated() {
            guard index == 0 ? expect("\n\n*") : expect(", "), expectText(tag, stops: comma, trimmed: true) else { return false }
        }
        if !recipe.tags.isEmpty && !expect("*") { return false }
        var wroteYield = false
        for yield in recipe.yields {
            guard let amount = yield.amount else { continue }
            guard wroteYield ? expect(", ") : expect("\n\n**"), expectAmount(amount, unit: yield.unit) else { return false }
            wroteYield = true
        }
        if wroteYield && !expect("**") { return false }
        guard expect("\n\n---") else { return false }
        if !recipe.ingredients.isEmpty {
            guard expect("\n\n"), expectIngredients(recipe.ingredients) else { return false }
        }
        for group in recipe.ingredientGroups where !expectGroup(group, level: 2) { return false }
        if !recipe.directions.isEmpty || !recipe.directionGroups.isEmpty {
            guard expect("\n\n---") else { return false }
            if !recipe.directions.isEmpty {
                guard expect("\n\n"), expectSteps(recipe.directions) else { return false }
            }
            for section in recipe.directionGroups {
                guard expect("\n\n## "), expectText(section.title, stops: heading, trimmed: false) else { return false }
                if !section.directions.isEmpty {
                    guard expect("\n\n"), expectSteps(section.directions) else { return false }
                }
            }
        }
        return expect("\n")
    }

    private mutating func expectGroup(_ group: IngredientGroup, level: Int) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: level))
        scratch.append(UInt8(ascii: " "))
        guard level <= 6, expect("\n\n"), expect(bytes: scratch),
              expectText(group.title, stops: heading, trimmed: false) else { return false }
        if !group.ingredients.isEmpty {
            guard expect("\n\n"), expectIngredients(group.ingredients) else { return false }
        }
        for inner in group.ingredientGroups where !expectGroup(inner, level: level + 1) { return false }
        return true
    }

    /// One line each: `- *amount unit* name, note`.
    private mutating func expectIngredients(_ ingredients: [Ingredient]) -> Bool {
        for index in ingredients.indices {
            guard ingredients[index].link == nil, index == 0 || expect("\n"), expect("- ") else { return false }
            if let amount = ingredients[index].amount {
                guard expect("*"), expectAmount(amount, unit: ingredients[index].unit), expect("* ") else { return false }
            } else if let unit = ingredients[index].unit, !unit.isEmpty {
                return false
            }
            // The name and the note are written as one text, `name, note`, escaped and trimmed.
            if let note = ingredients[index].note, !note.isEmpty {
                guard expectText(ingredients[index].name, stops: plain, trimmed: true),
                      expect(", "), expectText(note, stops: plain, trimmed: true, first: false) else { return false }
            } else if !expectText(ingredients[index].name, stops: plain, trimmed: true) {
                return false
            }
        }
        return true
    }

    /// A numbered list from 1, one line each.
    private mutating func expectSteps(_ steps: [String]) -> Bool {
        for (index, step) in steps.enumerated() {
            if index > 0 && !expect("\n") { return false }
            scratch.removeAll(keepingCapacity: true)
            ByteText.append(index + 1, to: &scratch)
            scratch.append(UInt8(ascii: "."))
            scratch.append(UInt8(ascii: " "))
            guard expect(bytes: scratch), expectText(step, stops: plain, trimmed: true) else { return false }
        }
        return true
    }

    /// `*amount unit*`'s inside: the number as ``AmountText`` writes it, then the unit when it
    /// starts with an ASCII byte other than a slash or a digit (the writer writes those, and
    /// a fraction, otherwise), escaped with `,`.
    private mutating func expectAmount(_ amount: Double, unit: String?) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        AmountText.append(amount, to: &scratch)
        guard expect(bytes: scratch) else { return false }
        guard let unit, let head = unit.utf8.first else { return true }
        guard head != UInt8(ascii: "/"), head < UInt8(ascii: "0") || head > UInt8(ascii: "9"), head < 0x80, expect(" ") else { return false }
        return expectText(unit, stops: comma, trimmed: false)
    }

    /// Whether the body goes on with `text` as ``MarkdownEscaper`` writes it (`stops`: its
    /// table, with line ends, `&` and every byte it escapes) when the text is simple: not
    /// empty, on one line, starting with a visible byte (ASCII or not) that opens no block at
    /// the start of a line (`#`, `-`, `+`, `=`, digits then `.` or `)`) unless the text does not
    /// start the escaper's input (`first`), and, when the writer trims it, with nothing to
    /// trim. Runs
    /// without stops are compared as they are; a stop is a backslash and itself, but `&`
    /// only before `#` or a letter.
    private mutating func expectText(_ text: String, stops: UnsafeBufferPointer<UInt8>, trimmed: Bool, first: Bool = true) -> Bool {
        let result = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let head = bytes.first, let last = bytes.last, head > 0x20, head != 0x7F else { return false }
            // What `MarkdownText.trimmed` leaves as it is: visible ASCII at both ends, or no
            // whitespace (non-ASCII too) at either.
            if trimmed && !(MarkdownText.isVisibleASCII(head) && MarkdownText.isVisibleASCII(last)) {
                guard PlainTextLines.visibleRange(of: bytes, from: 0, to: bytes.count).count == bytes.count else { return false }
            }
            if first {
                switch head {
                case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="): return false
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var end = 1
                    while end < bytes.count && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9") { end += 1 }
                    if end < bytes.count && (bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")")) { return false }
                default: break
                }
            }
            var start = 0
            while start < bytes.count {
                let end = ByteRun.end(of: bytes, from: start, stops: stops)
                guard expect(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
                guard end < bytes.count else { break }
                let byte = bytes[end]
                guard byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else { return false }
                var escaped = true
                if byte == UInt8(ascii: "&") {
                    let next = end + 1 < bytes.count ? bytes[end + 1] : 0
                    escaped = next == UInt8(ascii: "#") || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
                }
                guard !escaped || expect("\\"), expect(bytes: UnsafeBufferPointer(rebasing: bytes[end...end])) else { return false }
                start = end + 1
            }
            return true
        }
        return result ?? false
    }

    /// Whether the body goes on with `literal`; passes over it when it does.
    private mutating func expect(_ literal: StaticString) -> Bool {
        expect(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func expect(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { expect(bytes: $0) }
    }

    private mutating func expect(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= body.count - cursor else { return false }
        guard bytes.isEmpty || memcmp(body.baseAddress! + cursor, bytes.baseAddress!, bytes.count) == 0 else { return false }
        cursor += bytes.count
        return true
    }
}

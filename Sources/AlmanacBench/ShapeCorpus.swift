import AlmanacCore
import AlmanacFormats

/// The inputs of `almanac-bench shapes`: for every reader its ordinary shape (the
/// baseline, always first) and the hostile shapes other programs write, at a requested
/// size. One-line shapes hold the same items as the baseline (and so fewer bytes); the
/// others (ndjson's tiny and large lines, Markdown's huge paragraph, ics's huge
/// DESCRIPTION) hold about the same bytes.
struct ShapeCorpus {
    /// One generated file.
    struct Input {
        var shape: String
        var path: String
        /// Recipes and events in it: what almanac must read back.
        var items: Int
        var bytes: Int
        /// Options the conversion needs for this input (a raised line limit).
        var arguments: [String] = []
    }

    /// The readers, in the order the table lists them.
    static let readers = ["json", "ndjson", "ics", "jcal", "xcal", "markdown", "xml", "jsonld", "html", "cooklang"]
    /// The size of one line of ndjson's large-line shape (smaller when the whole input is).
    static let largeLineBytes = 1_000_000

    let folder: String
    private let generator: CorpusGenerator
    private let registry = BuiltinFormats.registry

    init(folder: String) {
        self.folder = folder
        generator = CorpusGenerator(folder: folder)
    }

    /// Writes every shape of `reader`, the baseline about `bytes` large; `tag` goes in the names.
    func write(reader: String, bytes: Int, tag: String) throws -> [Input] {
        let base = "\(folder)/\(reader)-\(tag)"
        switch reader {
        case "json", "jcal", "xml", "xcal":
            let pretty = reader.hasPrefix("x") ? "indented" : "pretty"
            var factory = EventFactory()
            let events = try filled(bytes, next: { factory.next() }) { try encodedSize(AlmanacDocument(events: $0), reader) }
            return try codecShapes(AlmanacDocument(events: events), format: reader, base: base, names: (pretty, "one line"))
        case "jsonld":
            var factory = RecipeFactory()
            let recipes = try filled(bytes, next: { factory.next() }) { try encodedSize(AlmanacDocument(recipes: $0), reader) }
            return try codecShapes(AlmanacDocument(recipes: recipes), format: reader, base: base, names: ("pretty", "one line"))
        case "html":
            return try SavedPageWriter(corpus: self).write(bytes: bytes, base: base)
        case "ndjson":
            let normal = base + "-normal.ndjson"
            let count = try generator.streamEvents(megabytes: Double(bytes) / 1e6, format: "ndjson", path: normal)
            return [Input(shape: "event lines", path: normal, items: count, bytes: fileSize(normal)),
                    try tinyLines(bytes, path: base + "-tiny.ndjson"), try largeLines(bytes, path: base + "-large.ndjson")]
        case "ics":
            let folded = base + "-folded.ics"
            let count = try generator.streamEvents(megabytes: Double(bytes) / 1e6, format: "ics", path: folded)
            return [Input(shape: "folded", path: folded, items: count, bytes: fileSize(folded)), try hugeDescription(bytes, path: base + "-description.ics")]
        case "markdown":
            return [try manyRecipes(bytes, path: base + "-recipes.md"), try hugeParagraph(bytes, path: base + "-paragraph.md")]
        case "cooklang":
            return try cooklangShapes(bytes, base: base)
        default:
            throw BenchError("no shapes for the reader '\(reader)'; the readers are \(Self.readers.joined(separator: ", "))")
        }
    }

    // MARK: Shapes a writer makes

    /// `document` written by `format`'s writer as it indents it and as one line: its
    /// compact form, and for XML with the declaration's line break dropped and the line
    /// breaks of text written as `&#10;`, so that nothing but the final newline breaks it.
    private func codecShapes(_ document: AlmanacDocument, format: String, base: String, names: (String, String)) throws -> [Input] {
        let codec = registry.codec(named: format)!
        let items = document.recipes.count + document.events.count
        return try [(names.0, false, "pretty"), (names.1, true, "line")].map { name, compact, suffix in
            var bytes = try codec.encode(document, options: EncodingOptions(compact: compact, today: CorpusGenerator.todayDate)).bytes
            if compact, format.hasPrefix("x") { bytes = Self.xmlOnOneLine(bytes) }
            let path = "\(base)-\(suffix).\(codec.format.extensions[0])"
            let output = try OutputStream(path: path)
            output.write(bytes)
            output.close()
            return Input(shape: name, path: path, items: items, bytes: bytes.count)
        }
    }

    /// Compact XML on one line: the same document, read back the same. Line breaks
    /// before the root element are dropped, those after it written as references.
    static func xmlOnOneLine(_ xml: [UInt8]) -> [UInt8] {
        let lessThan = UInt8(ascii: "<")
        let root = xml.indices.first { xml[$0] == lessThan && $0 + 1 < xml.count && xml[$0 + 1] != UInt8(ascii: "?") && xml[$0 + 1] != UInt8(ascii: "!") } ?? xml.count
        var end = xml.count
        while end > root, xml[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        var result = xml[..<root].filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        result.reserveCapacity(end + 1_024)
        for byte in xml[root..<end] {
            switch byte {
            case UInt8(ascii: "\n"): result += Array("&#10;".utf8)
            case UInt8(ascii: "\r"): result += Array("&#13;".utf8)
            default: result.append(byte)
            }
        }
        return result + [UInt8(ascii: "\n")]
    }

    /// The first items `next` makes, as many as about fill `bytes` when `size` bytes are
    /// what a sample takes.
    func filled<T>(_ bytes: Int, next: () -> T, size: ([T]) throws -> Int) rethrows -> [T] {
        var items = (0..<64).map { _ in next() }
        let perItem = max(Double(try size(items)) / Double(items.count), 1)
        let count = max(1, Int((Double(bytes) / perItem).rounded()))
        if count < items.count { items.removeLast(items.count - count) }
        while items.count < count { items.append(next()) }
        return items
    }

    func encodedSize(_ document: AlmanacDocument, _ format: String, compact: Bool = false) throws -> Int {
        try registry.codec(named: format)!.encode(document, options: EncodingOptions(compact: compact)).bytes.count
    }

    // MARK: ndjson

    /// About 50-byte lines (1,000,000 at 50 MB): an event with an id and a short title each.
    private func tinyLines(_ bytes: Int, path: String) throws -> Input {
        try ndjsonLines(shape: "tiny lines", path: path, while: { written, _ in written < bytes }) { count in
            Event(id: String(count + 1), title: TextPools.shortTitles[count % TextPools.shortTitles.count])
        }
    }

    /// Lines of ``largeLineBytes`` (a third of `bytes` when that is less): events with a long escaped description and thousands of tasks.
    private func largeLines(_ bytes: Int, path: String) throws -> Input {
        let lineBytes = max(min(Self.largeLineBytes, bytes / 3), 2_000)
        var factory = EventFactory(seed: 7)
        var random = SeededRandom(seed: 8)
        return try ndjsonLines(shape: "large lines", path: path, while: { written, count in written < bytes - lineBytes / 2 || count == 0 }) { _ in
            var event = factory.next()
            event.notes = Self.prose(bytes: lineBytes * 6 / 10, lineBreaks: true)
            event.tasks = (0..<max(lineBytes * 4 / 10 / 75, 1)).map { index in
                EventTask(id: random.uuid(), text: TextPools.taskTexts[index % TextPools.taskTexts.count], isCompleted: index % 3 == 0)
            }
            return event
        }
    }

    /// Writes the events `next` makes (given how many came before) as NDJSON lines to
    /// `path` while `more` holds (given the bytes written and the lines so far).
    private func ndjsonLines(shape: String, path: String, while more: (Int, Int) -> Bool, next: (Int) throws -> Event) throws -> Input {
        let codec = registry.codec(named: "ndjson")!.itemStreamEncoder!
        let output = try OutputStream(path: path)
        var line: [UInt8] = []
        var count = 0
        while more(output.written, count) {
            line.removeAll(keepingCapacity: true)
            try codec.encodeItem(.event(try next(count)), options: EncodingOptions(), into: &line)
            output.write(line)
            count += 1
        }
        output.close()
        return Input(shape: shape, path: path, items: count, bytes: output.written)
    }

    // MARK: ics

    /// One event whose DESCRIPTION, folded at 75 octets, is nearly all of `bytes`; its
    /// unfolded line is longer than the default `--max-line-length`, so the run raises it.
    private func hugeDescription(_ bytes: Int, path: String) throws -> Input {
        let output = try OutputStream(path: path)
        output.write(EventFactory.calendarHeader())
        var text = ""
        for line in ["BEGIN:VEVENT", "UID:huge-description@almanac-bench", "DTSTAMP:20260101T000000Z", "DTSTART:20260601T090000Z", "SUMMARY:Conference notes"] {
            EventFactory.appendFolded(line, to: &text)
        }
        output.write(text)
        let description = "DESCRIPTION:" + EventFactory.escaped(Self.prose(bytes: max(bytes - output.written - 100, 100), lineBreaks: true))
        text = ""
        EventFactory.appendFolded(description, to: &text)
        output.write(text)
        output.write("END:VEVENT\r\n" + EventFactory.calendarFooter)
        output.close()
        let limit = "\(description.utf8.count / 1_048_576 + 16)M"
        return Input(shape: "huge DESCRIPTION", path: path, items: 1, bytes: output.written, arguments: ["--max-line-length", limit])
    }

    // MARK: Markdown

    /// Short recipes (a yield, a tag, four ingredients, two steps: about 500 bytes each,
    /// 100,000 at 50 MB) in one file, as the Markdown writer separates them.
    private func manyRecipes(_ bytes: Int, path: String) throws -> Input {
        var factory = RecipeFactory()
        let recipes = try filled(bytes, next: {
            let full = factory.next()
            var recipe = Recipe(id: full.id, title: full.title)
            recipe.yields = full.yields
            recipe.tags = Array(full.tags.prefix(1))
            recipe.ingredients = Array(full.allIngredients.prefix(4))
            recipe.directions = Array(full.allDirections.prefix(2))
            return recipe
        }) { try encodedSize(AlmanacDocument(recipes: $0), "markdown") }
        _ = try generator.encode(AlmanacDocument(recipes: recipes), format: "markdown", to: path)
        return Input(shape: "many recipes", path: path, items: recipes.count, bytes: fileSize(path))
    }

    /// One recipe whose description is one paragraph of nearly all of `bytes`, wrapped at
    /// 80 columns, with emphasis and links in it.
    private func hugeParagraph(_ bytes: Int, path: String) throws -> Input {
        let placeholder = "SHAPEPARAGRAPH"
        var factory = RecipeFactory()
        var recipe = factory.next()
        recipe.summary = placeholder
        let text = String(decoding: try registry.codec(named: "markdown")!.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions()).bytes, as: UTF8.self)
        guard let range = text.range(of: placeholder) else { throw BenchError("the Markdown writer dropped the recipe's summary") }
        let output = try OutputStream(path: path)
        output.write(String(text[..<range.lowerBound]))
        let end = bytes - text.utf8.count
        var line = ""
        var index = 0
        let words = TextPools.directionSentences.joined(separator: " ").split(separator: " ")
        while output.written < end || line.isEmpty {
            var word = String(words[index % words.count])
            if index % 97 == 13 { word = "*" + word + "*" }
            if index % 211 == 50 { word = "[" + word + "](https://example.com/notes/\(index))" }
            index += 1
            if line.utf8.count + word.utf8.count >= 80 {
                output.write(line + "\n")
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        output.write(line)
        output.write(String(text[range.upperBound...]))
        output.close()
        return Input(shape: "huge paragraph", path: path, items: 1, bytes: output.written)
    }

    // MARK: Text

    /// Sentences of the text pools, one after another, until `bytes` (UTF-8) are reached.
    static func prose(bytes: Int, lineBreaks: Bool) -> String {
        var text = ""
        var index = 0
        let pool = TextPools.sentences + TextPools.directionSentences
        while text.utf8.count < bytes {
            if !text.isEmpty { text += lineBreaks && index % 4 == 0 ? "\n" : " " }
            text += pool[index % pool.count]
            index += 1
        }
        return text
    }
}

import AlmanacCore
import AlmanacFormats

/// Writes benchmark inputs into a folder: the same events as `.ics` (written as text)
/// and as JSON, NDJSON, Markdown and XML (written by almanac's codecs), the same
/// recipes as one Markdown file, a folder of one-recipe files, JSON, NDJSON and XML.
/// Formats the registry lacks are skipped, and said so.
struct CorpusGenerator {
    /// How much to make.
    enum Amount {
        case count(Int)
        case megabytes(Double)

        func isReached(count: Int, bytes: Int) -> Bool {
            switch self {
            case .count(let limit): return count >= limit
            case .megabytes(let limit): return Double(bytes) >= limit * 1_000_000
            }
        }
    }

    let folder: String
    let registry = BuiltinFormats.registry
    /// The day Markdown agendas count periods from, so output does not depend on the date.
    static let todayDate = CivilDate(year: 2026, month: 6, day: 1)!
    /// ``todayDate`` as `--today` takes it.
    static let today = todayDate.description

    /// The formats written through codecs, by name, that the registry has.
    var codecFormats: [(name: String, fileExtension: String)] {
        [("json", "json"), ("ndjson", "ndjson"), ("markdown", "md"), ("xml", "xml")].filter { registry.codec(named: $0.name) != nil }
    }

    /// Formats almanac reads that this registry lacks.
    var missingFormats: [String] {
        ["json", "ndjson", "markdown", "xml", "ics"].filter { registry.codec(named: $0) == nil }
    }

    /// `events.ics` of `amount`, plus the same events in every other format.
    /// Returns the paths written by format name.
    func writeEvents(_ amount: Amount, name: String = "events") throws -> [String: String] {
        var factory = EventFactory()
        let calendar = try OutputStream(path: "\(folder)/\(name).ics")
        calendar.write(EventFactory.calendarHeader())
        var events: [Event] = []
        while !amount.isReached(count: events.count, bytes: calendar.written) {
            let event = factory.next()
            calendar.write(factory.icsText(event))
            events.append(event)
        }
        calendar.write(EventFactory.calendarFooter)
        calendar.close()
        var paths = ["ics": calendar.path]
        // What almanac reads from the header, so every format holds the same document.
        let header: OpaqueValue = .object([OpaqueMember("properties", .array([.string("CALSCALE:GREGORIAN"), .string("X-WR-CALNAME:Benchmark")]))])
        let document = AlmanacDocument(events: events, extras: Extras(["ics": header]))
        for format in codecFormats {
            paths[format.name] = try encode(document, format: format.name, to: "\(folder)/\(name).\(format.fileExtension)")
        }
        return paths
    }

    /// Events streamed straight to `.ics` or `.ndjson` until the file holds `megabytes`,
    /// without keeping them: inputs for the flat-memory runs, up to any size.
    func streamEvents(megabytes: Double, format: String, path: String) throws -> Int {
        var factory = EventFactory()
        let output = try OutputStream(path: path)
        let amount = Amount.megabytes(megabytes)
        var count = 0
        let ndjson = registry.codec(named: "ndjson")?.itemStreamEncoder
        if format == "ics" { output.write(EventFactory.calendarHeader()) }
        var bytes: [UInt8] = []
        while !amount.isReached(count: count, bytes: output.written) {
            let event = factory.next()
            if format == "ics" {
                output.write(factory.icsText(event))
            } else if let ndjson {
                bytes.removeAll(keepingCapacity: true)
                try ndjson.encodeItem(.event(event), options: EncodingOptions(), into: &bytes)
                output.write(bytes)
            }
            count += 1
        }
        if format == "ics" { output.write(EventFactory.calendarFooter) }
        output.close()
        return count
    }

    /// `recipes.md` and the other formats of `amount`, and `recipes/` with the first
    /// `files` recipes one per file (what `recipemd` reads).
    func writeRecipes(_ amount: Amount, files: Int, name: String = "recipes") throws -> [String: String] {
        var factory = RecipeFactory()
        var recipes: [Recipe] = []
        var approximateBytes = 0
        while !amount.isReached(count: recipes.count, bytes: approximateBytes) {
            let recipe = factory.next()
            recipes.append(recipe)
            approximateBytes += try encodedSize(recipe)
        }
        var paths: [String: String] = [:]
        let document = AlmanacDocument(recipes: recipes)
        for format in codecFormats {
            paths[format.name] = try encode(document, format: format.name, to: "\(folder)/\(name).\(format.fileExtension)")
        }
        if registry.codec(named: "markdown") != nil {
            let directory = "\(folder)/\(name)"
            try FolderMaker.make(directory)
            for (index, recipe) in recipes.prefix(files).enumerated() {
                let number = String(index + 1)
                let padded = String(repeating: "0", count: max(0, 5 - number.count)) + number
                _ = try encode(AlmanacDocument(recipes: [recipe]), format: "markdown", to: "\(directory)/recipe-\(padded).md")
            }
            paths["folder"] = directory
        }
        return paths
    }

    private func encodedSize(_ recipe: Recipe) throws -> Int {
        guard let markdown = registry.codec(named: "markdown") else { return 2_500 }
        return try markdown.encode(AlmanacDocument(recipes: [recipe]), options: EncodingOptions()).bytes.count
    }

    /// Writes `document` in `format` (as compactly as it allows when `compact`) to `path`.
    func encode(_ document: AlmanacDocument, format: String, to path: String, compact: Bool = false) throws -> String {
        let codec = registry.codec(named: format)!
        let result = try codec.encode(document, options: EncodingOptions(compact: compact, today: Self.todayDate))
        let output = try OutputStream(path: path)
        output.write(result.bytes)
        output.close()
        return path
    }
}

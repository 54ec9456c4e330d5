import AlmanacCore

/// `almanac formats`: the table of codecs the registry holds.
struct FormatsCommand: ListingCommand {
    let name = "formats"
    let abstract = "List the formats almanac reads and writes."
    let discussion = "Names and aliases go after -f and -t; extensions pick the format of a file by its name."

    func listing(_ context: CommandContext) -> String {
        Self.table(context.registry)
    }

    /// One row per codec: name, aliases, extensions, whether it reads and writes, and the kinds.
    static func table(_ registry: FormatRegistry) -> String {
        let header = ["NAME", "ALIASES", "EXTENSIONS", "READS", "WRITES", "KINDS", "DESCRIPTION"]
        var rows = [header]
        for codec in registry.codecs {
            let format = codec.format
            let kinds = format.reads.union(format.writes).sorted().map(\.plural)
            rows.append([
                format.name,
                format.aliases.isEmpty ? "-" : format.aliases.joined(separator: ","),
                format.extensions.map { "." + $0 }.joined(separator: ","),
                format.reads.isEmpty ? "no" : "yes",
                format.writes.isEmpty ? "no" : "yes",
                kinds.joined(separator: ","),
                format.summary,
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            text += line + "\n"
        }
        return text
    }
}

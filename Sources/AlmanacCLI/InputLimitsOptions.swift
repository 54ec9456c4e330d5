import Almanac

/// The options that set a conversion's ``InputLimits`` (`convert` and `validate`), and
/// their parsing.
extension InputLimits {
    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--max-input-size"], valueName: "<size>", help: "The largest input read whole, such as 500M or 4G (default 2G)."),
        .init(names: ["--max-items"], valueName: "<count>", help: "The most items in all inputs together (default 10000000)."),
        .init(names: ["--max-depth"], valueName: "<levels>", help: "The deepest nesting read, up to \(greatestDepth) (default: the format's, such as 256 for JSON)."),
        .init(names: ["--max-line-length"], valueName: "<size>", help: "The longest line of ndjson, markdown and ics input (default 16M)."),
        .init(names: ["--kind"], valueName: "<kind>", help: "event or recipe: the kind of ndjson (or json array) items that have no 'kind' and no field that tells."),
    ]

    /// The limits the arguments ask for; usage errors name `command`.
    init(_ arguments: ArgumentScanner.Result, command: String) throws {
        self.init()
        if let text = arguments.value("--max-input-size") {
            maximumInputBytes = try Self.size(text, option: "--max-input-size", command: command)
            maximumStreamedBytes = maximumInputBytes
        }
        if let text = arguments.value("--max-line-length") {
            maximumLineLength = try Self.size(text, option: "--max-line-length", command: command)
        }
        if let text = arguments.value("--max-items") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("The value of --max-items must be a positive whole number, not '\(text)'", command: command)
            }
            maximumItems = count
        }
        if let text = arguments.value("--max-depth") {
            guard let depth = Int(text), (1...Self.greatestDepth).contains(depth) else {
                throw UsageError("The value of --max-depth must be a whole number from 1 to \(Self.greatestDepth), not '\(text)'", command: command)
            }
            reader.maximumDepth = depth
        }
        if let text = arguments.value("--kind") {
            guard let kind = ItemKind(rawValue: text) else {
                throw UsageError("The value of --kind must be event or recipe, not '\(text)'", command: command)
            }
            reader.defaultKind = kind
        }
    }

    private static func size(_ text: String, option: String, command: String) throws -> Int {
        guard let bytes = size(text) else {
            throw UsageError("The value of \(option) must be a size such as 500M, 4G or 1048576, not '\(text)'", command: command)
        }
        return bytes
    }

    /// `123`, `10K`, `500M`, `4G` (powers of 1024).
    static func size(_ text: String) -> Int? {
        guard let last = text.last else { return nil }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        if let unit = units[Character(last.uppercased())] {
            guard let number = Int(text.dropLast()), number > 0 else { return nil }
            let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
            return overflow ? nil : bytes
        }
        guard let bytes = Int(text), bytes > 0 else { return nil }
        return bytes
    }
}

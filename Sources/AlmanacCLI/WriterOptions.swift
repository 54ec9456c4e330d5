import Almanac
import AlmanacICalendarModel

/// The writers' options of `almanac convert` (each codec's ``FormatDescriptor/writeOptions``),
/// read from the arguments once into the typed ``EncodingOptions``, and checked before
/// anything is read: the writers never see their text.
enum WriterOptions {
    /// The options the arguments give: `--compact`, and every field an option sets (the
    /// scanner knows the options of the registered formats, and convert's own `--today`,
    /// which counts validation windows too). A value the option does not take throws: an
    /// invalid `--today` as a usage error, as everywhere; an unknown `--site` or an invalid
    /// `--dtstamp` with ``ExitStatus/dataError``, as when the writers read them.
    static func encodingOptions(_ arguments: ArgumentScanner.Result, command: String) throws -> EncodingOptions {
        var options = EncodingOptions(compact: arguments.has("--compact"))
        for field in FormatOption.Field.allCases {
            try read(field, from: arguments, into: &options, command: command)
        }
        return options
    }

    /// Sets `field` of `options` from its option, when given.
    private static func read(_ field: FormatOption.Field, from arguments: ArgumentScanner.Result, into options: inout EncodingOptions, command: String) throws {
        let option = "--\(field.name)"
        switch field {
        case .frontMatter:
            options.frontMatter = arguments.has(option)
        case .today:
            options.today = try TodayOption.given(arguments, command: command)
        case .site:
            guard let name = arguments.value(option) else { return }
            guard let site = SiteGenerator(rawValue: name) else {
                throw AlmanacError(.dataError, message: "\(option) must be one of \(SiteGenerator.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
            }
            options.site = site
        case .stamp:
            guard let text = arguments.value(option) else { return }
            guard let stamp = ICalendarStamp.parse(text) else {
                throw AlmanacError(.dataError, message: "\(option) '\(text)' is not a date-time such as 2026-12-24T17:00:00Z")
            }
            options.stamp = stamp
        }
    }
}

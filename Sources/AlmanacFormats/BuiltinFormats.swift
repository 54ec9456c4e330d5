import AlmanacCore
import AlmanacICalendar
import AlmanacJCal
import AlmanacJSON
import AlmanacJSONLD
import AlmanacMarkdown
import AlmanacXCal
import AlmanacXML

/// The formats almanac ships with. Adding a format is a folder under `Formats/`,
/// a target in `Package.swift`, and one line here.
public enum BuiltinFormats {
    /// Every built-in codec, in the order `almanac formats` lists them.
    public static let registry = FormatRegistry([
        JSONCodec(),
        NDJSONCodec(),
        ICalendarCodec(),
        JCalCodec(),
        JSONLDCodec(),
        HTMLRecipeCodec(),
        MarkdownCodec(),
        XMLCodec(),
        XCalCodec(),
    ])
}

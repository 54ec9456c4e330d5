import AlmanacCooklang
import AlmanacCore
import AlmanacICalendar
import AlmanacJCal
import AlmanacJSON
import AlmanacJSONLD
import AlmanacMarkdown
import AlmanacXCal
import AlmanacXML

/// The formats almanac ships with. Adding a format is a folder under `Formats/`,
/// a target in `Package.swift`, and one line here. Formats never import each other; where one
/// uses another's writer (a Markdown site's recipe pages carry the `jsonld` writer's JSON-LD),
/// it is handed over here.
public enum BuiltinFormats {
    /// Every built-in codec, in the order `almanac formats` lists them.
    public static let registry = FormatRegistry([
        JSONCodec(),
        NDJSONCodec(),
        ICalendarCodec(),
        JCalCodec(),
        JSONLDCodec(),
        HTMLRecipeCodec(),
        MarkdownCodec(structuredData: JSONLDCodec.structuredData),
        XMLCodec(),
        XCalCodec(),
        CooklangCodec(),
    ])
}

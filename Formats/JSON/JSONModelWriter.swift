import AlmanacCore
import AlmanacJSONKit

/// Writes the model as almanac JSON. The shape itself is written by `JSONWriter`'s model
/// members in AlmanacJSONKit (`JSONWriter+Model.swift`), where the writer's calls are
/// inlined: called from this module, each key and string would be a call of its own.
enum JSONModelWriter {
    /// One item; with `kind`, the object starts with `"kind": "recipe"` or `"event"` (NDJSON).
    static func write(_ item: Item, kind: Bool, to writer: inout JSONWriter) {
        writer.item(item, kind: kind)
    }

    static func write(_ event: Event, kind: Bool, to writer: inout JSONWriter) {
        writer.event(event, kind: kind)
    }

    static func write(_ recipe: Recipe, kind: Bool, to writer: inout JSONWriter) {
        writer.recipe(recipe, kind: kind)
    }

    /// An NDJSON line of `event` (without its newline) and where in it its times are (the
    /// `start`, `end` and `recurrenceId` members with the comma before each): what comes
    /// before and after them is the same for every occurrence of a series.
    static func line(_ event: Event) -> (bytes: [UInt8], times: Range<Int>) {
        var writer = JSONWriter(pretty: false, reservingCapacity: 512)
        writer.open(UInt8(ascii: "{"))
        writer.eventHead(event, kind: true)
        let start = writer.byteCount
        writer.eventTimes(event)
        let times = start..<writer.byteCount
        writer.eventTail(event, kind: true)
        writer.close(UInt8(ascii: "}"))
        return (writer.bytes, times)
    }
}

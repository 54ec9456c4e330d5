import AlmanacCore
import AlmanacJSONKit

/// Writes the occurrences of one series as NDJSON lines, the line ``NDJSONCodec`` writes for
/// each: the series' line is encoded once (``JSONModelWriter/line(_:)``) and split around its
/// times, and an occurrence is what comes before them, its own `start`, `end` and
/// `recurrenceId` written on bytes, and what comes after.
///
/// What comes after the times depends on them only through `allDay`, `timeZone` and
/// `endTimeZone`, and the zone `recurrenceId` names: the line is kept for each such shape of
/// times met (the occurrences of a series all have one shape).
final class NDJSONOccurrenceEncoder: OccurrenceEncoding {
    /// What the times' text depends on besides their values.
    struct Shape: Equatable {
        var isDateOnly: Bool
        var zone: String?
        /// The end's zone when it is not the start's (`endTimeZone`).
        var endZone: String?
        var recurrenceZone: String?

        init(_ times: OccurrenceStream.Times) {
            isDateOnly = times.start.isDateOnly
            zone = times.start.timeZoneID
            let endZone = times.end?.timeZoneID
            self.endZone = endZone == zone ? nil : endZone
            recurrenceZone = times.recurrenceID.timeZoneID
        }
    }

    /// The series' line split around its times, for one shape.
    struct Template {
        var shape: Shape
        var head: [UInt8]
        var tail: [UInt8]
        /// `[zone]` after the recurrence id's time, escaped as in a JSON string.
        var recurrenceZone: [UInt8]
    }

    let base: Event
    private var templates: [Template] = []

    init(base: Event) {
        self.base = base
    }

    func encode(_ times: OccurrenceStream.Times, into bytes: inout [UInt8]) throws {
        let shape = Shape(times)
        let index: Int
        if let known = templates.firstIndex(where: { $0.shape == shape }) {
            index = known
        } else {
            templates.append(Self.template(times.applied(to: base), shape: shape))
            index = templates.count - 1
        }
        bytes.append(contentsOf: templates[index].head)
        Self.member(",\"start\":\"", times.start, to: &bytes)
        if let end = times.end { Self.member(",\"end\":\"", end, to: &bytes) }
        Self.member(",\"recurrenceId\":\"", times.recurrenceID, to: &bytes, closing: false)
        bytes.append(contentsOf: templates[index].recurrenceZone)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: templates[index].tail)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `key` (with its comma, colon and opening quote) and `time`'s ISO 8601 text: the times
    /// are digits and punctuation, which a JSON string holds as they are.
    private static func member(_ key: StaticString, _ time: CalendarTime, to bytes: inout [UInt8], closing: Bool = true) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        ISO8601Text.append(time, to: &bytes)
        if closing { bytes.append(UInt8(ascii: "\"")) }
    }

    private static func template(_ event: Event, shape: Shape) -> Template {
        let (line, times) = JSONModelWriter.line(event)
        var zone: [UInt8] = []
        if let name = shape.recurrenceZone {
            JSONStringEscapes.append("[\(name)]", to: &zone)
            zone = Array(zone.dropFirst().dropLast())
        }
        return Template(shape: shape, head: Array(line[..<times.lowerBound]), tail: Array(line[times.upperBound...]), recurrenceZone: zone)
    }
}

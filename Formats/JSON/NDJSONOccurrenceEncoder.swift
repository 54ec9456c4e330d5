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
///
/// Times of usual years (0 to 9999) in whole seconds have text of one width for each kind:
/// for them the whole line of the shape is kept, its times at known offsets, and an
/// occurrence is that line copied once with its times' digits written over the template's.
final class NDJSONOccurrenceEncoder: OccurrenceEncoding {
    /// What the times' text depends on besides their values.
    struct Shape: Equatable {
        var isDateOnly: Bool
        var zone: String?
        /// The end's zone when it is not the start's (`endTimeZone`).
        var endZone: String?
        var recurrenceZone: String?
        /// The kinds of the start, the end (``Kind/none`` without one) and the recurrence id.
        var kinds: (start: Kind, end: Kind, recurrenceID: Kind)

        init(_ times: OccurrenceStream.Times) {
            isDateOnly = times.start.isDateOnly
            zone = times.start.timeZoneID
            let endZone = times.end?.timeZoneID
            self.endZone = endZone == zone ? nil : endZone
            recurrenceZone = times.recurrenceID.timeZoneID
            kinds = (Kind(times.start), times.end.map(Kind.init) ?? .none, Kind(times.recurrenceID))
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.isDateOnly == rhs.isDateOnly && lhs.zone == rhs.zone && lhs.endZone == rhs.endZone && lhs.recurrenceZone == rhs.recurrenceZone
                && lhs.kinds == rhs.kinds
        }

        /// Whether `times` have this shape, read in place.
        func matches(_ times: OccurrenceStream.Times) -> Bool {
            guard kinds.start == Kind(times.start), kinds.recurrenceID == Kind(times.recurrenceID),
                  kinds.end == (times.end.map(Kind.init) ?? .none) else { return false }
            if case .zoned(_, let name) = times.start, name != zone { return false }
            if case .zoned(_, let name)? = times.end, (name == zone ? nil : name) != endZone { return false }
            if case .zoned(_, let name) = times.recurrenceID, name != recurrenceZone { return false }
            return true
        }
    }

    /// The kind of a time, which says how its text is made.
    enum Kind: UInt8 {
        case date, utc, zoned, floating, none

        init(_ time: CalendarTime) {
            switch time {
            case .date: self = .date
            case .utc: self = .utc
            case .zoned: self = .zoned
            case .floating: self = .floating
            }
        }
    }

    /// The series' line split around its times, for one shape.
    final class Template {
        let shape: Shape
        let head: [UInt8]
        let tail: [UInt8]
        /// `[zone]` after the recurrence id's time, escaped as in a JSON string.
        let recurrenceZone: [UInt8]
        /// The whole line of the times the template was made for, when they have text of
        /// the usual width (``isFixed(_:)``), and where in it the text of the start, the
        /// end (-1 without one) and the recurrence id begins.
        let line: [UInt8]?
        let offsets: (start: Int, end: Int, recurrenceID: Int)

        init(_ event: Event, times: OccurrenceStream.Times, shape: Shape) {
            let (line, range) = JSONModelWriter.line(event)
            var zone: [UInt8] = []
            if let name = shape.recurrenceZone {
                JSONStringEscapes.append("[\(name)]", to: &zone)
                zone = Array(zone.dropFirst().dropLast())
            }
            self.shape = shape
            head = Array(line[..<range.lowerBound])
            tail = Array(line[range.upperBound...])
            recurrenceZone = zone
            var whole = head
            offsets = NDJSONOccurrenceEncoder.appendTimes(times, zone: zone, tail: tail, to: &whole)
            self.line = NDJSONOccurrenceEncoder.isFixed(times) ? whole : nil
        }
    }

    let base: Event
    private var templates: [Template] = []
    /// The template used last: occurrences of a series have one shape.
    private var last: Template?

    init(base: Event) {
        self.base = base
    }

    func encode(_ times: OccurrenceStream.Times, into bytes: inout [UInt8]) throws {
        let template: Template
        if let last, last.shape.matches(times) {
            template = last
        } else {
            let shape = Shape(times)
            if let known = templates.first(where: { $0.shape == shape }) {
                template = known
            } else {
                template = Template(times.applied(to: base), times: times, shape: shape)
                templates.append(template)
            }
            last = template
        }
        if let line = template.line, Self.isFixed(times) {
            let at = bytes.count
            bytes.append(contentsOf: line)
            let offsets = template.offsets
            bytes.withUnsafeMutableBufferPointer { buffer in
                let text = buffer.baseAddress! + at
                Self.put(times.start, at: text + offsets.start)
                if let end = times.end { Self.put(end, at: text + offsets.end) }
                Self.put(times.recurrenceID, at: text + offsets.recurrenceID)
            }
            return
        }
        bytes.append(contentsOf: template.head)
        _ = Self.appendTimes(times, zone: template.recurrenceZone, tail: template.tail, to: &bytes)
    }

    /// The occurrence's times and the rest of its line after `bytes`; where the text of each
    /// time begins (the end's -1 without one).
    private static func appendTimes(_ times: OccurrenceStream.Times, zone: [UInt8], tail: [UInt8], to bytes: inout [UInt8]) -> (start: Int, end: Int, recurrenceID: Int) {
        let start = member(",\"start\":\"", times.start, to: &bytes)
        let end = times.end.map { member(",\"end\":\"", $0, to: &bytes) } ?? -1
        let recurrenceID = member(",\"recurrenceId\":\"", times.recurrenceID, to: &bytes, closing: false)
        bytes.append(contentsOf: zone)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: tail)
        bytes.append(UInt8(ascii: "\n"))
        return (start, end, recurrenceID)
    }

    /// `key` (with its comma, colon and opening quote) and `time`'s ISO 8601 text: the times
    /// are digits and punctuation, which a JSON string holds as they are. Returns where the
    /// time's text begins.
    private static func member(_ key: StaticString, _ time: CalendarTime, to bytes: inout [UInt8], closing: Bool = true) -> Int {
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        let at = bytes.count
        ISO8601Text.append(time, to: &bytes)
        if closing { bytes.append(UInt8(ascii: "\"")) }
        return at
    }

    /// Whether every time is in a year of four digits and in whole seconds: its text is
    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` (a UTC time's `Z` after it).
    static func isFixed(_ times: OccurrenceStream.Times) -> Bool {
        isFixed(times.start) && (times.end.map(isFixed) ?? true) && isFixed(times.recurrenceID)
    }

    private static func isFixed(_ time: CalendarTime) -> Bool {
        switch time {
        case .date(let day): return isFixed(day)
        case .utc(let value), .zoned(let value, _), .floating(let value):
            return isFixed(value.date) && value.nanosecond == 0
                && (0..<100).contains(value.hour) && (0..<100).contains(value.minute) && (0..<100).contains(value.second)
        }
    }

    /// Whether the year has four digits and the month and day two (as a valid date's do).
    private static func isFixed(_ day: CivilDate) -> Bool {
        (0...9_999).contains(day.year) && (0..<100).contains(day.month) && (0..<100).contains(day.day)
    }

    /// Writes the digits of `time` (``isFixed(_:)``) over the text of a time of its kind at `text`.
    @inline(__always)
    private static func put(_ time: CalendarTime, at text: UnsafeMutablePointer<UInt8>) {
        switch time {
        case .date(let day): put(day, at: text)
        case .utc(let value), .zoned(let value, _), .floating(let value):
            put(value.date, at: text)
            put2(value.hour, at: text + 11)
            put2(value.minute, at: text + 14)
            put2(value.second, at: text + 17)
        }
    }

    @inline(__always)
    private static func put(_ day: CivilDate, at text: UnsafeMutablePointer<UInt8>) {
        put2(day.year / 100, at: text)
        put2(day.year % 100, at: text + 2)
        put2(day.month, at: text + 5)
        put2(day.day, at: text + 8)
    }

    /// The two digits of `value` (0 to 99), copied from ``pairs``.
    @inline(__always)
    private static func put2(_ value: Int, at text: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: 2 &* value, as: UInt16.self)
        UnsafeMutableRawPointer(text).storeBytes(of: pair, as: UInt16.self)
    }

    /// The two digits of each number from 0 to 99, one after the other.
    private static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}

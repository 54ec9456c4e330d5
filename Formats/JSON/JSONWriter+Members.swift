import AlmanacCore
import AlmanacJSONKit

/// The members of the almanac JSON shape that are not plain strings and numbers.
extension JSONWriter {
    /// An array of objects, left out when empty (generic here, where the model writer
    /// calls it, so that it is specialized for each element type).
    mutating func member<Element>(_ key: StaticString, _ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        guard !elements.isEmpty else { return }
        fixedKey(key)
        array { writer in
            for element in elements {
                writer.element()
                write(&writer, element)
            }
        }
    }

    /// A time as a string member: a date, a UTC time with `Z`, or a local time (its zone
    /// goes in `timeZone`); `zoned`, a time on its own, carries its zone in brackets, as
    /// RFC 9557 writes it. Its digits go straight into the bytes.
    mutating func member(_ key: StaticString, _ time: CalendarTime?, zoned: Bool) {
        guard let time else { return }
        fixedKey(key)
        byte(UInt8(ascii: "\""))
        appendingToBytes { ISO8601Text.append(time, to: &$0) }
        if zoned, let zone = time.timeZoneID {
            byte(UInt8(ascii: "["))
            escaped(zone)
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "\""))
    }

    /// A duration as a string member (`PT1H30M`).
    mutating func member(_ key: StaticString, _ duration: ISODuration?) {
        guard let duration else { return }
        fixedKey(key)
        string { ISO8601Text.append(duration, to: &$0) }
    }
}

import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The content line writer's own output buffer and its shortcuts: a TEXT value with nothing
/// to escape copied as it is, BEGIN/END lines and parameters written again from the bytes
/// kept of their first time. Each is compared with the longer way it stands for.
@Suite("Content line output")
struct ContentLineOutputTests {
    /// Texts around the word size with each byte that matters at each place.
    static let texts: [String] = {
        let specials = ["\\", ";", ",", "\n", "\r", "\r\n", "\t", "\u{1}", "\u{7F}", "é", "👟", ":", "\""]
        var all = ["", "a", "abcdefg", "abcdefgh", "abcdefghi", String(repeating: "x", count: 80), "Zürich ümlaut 👟 ẞ"]
        for special in specials {
            for length in [0, 1, 6, 7, 8, 9, 15, 16, 17, 23] {
                for place in Set([0, length / 2, length]) {
                    var text = String(repeating: "b", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                    all.append(text)
                }
            }
        }
        return all
    }()

    @Test("a text with no byte to escape is found so, eight bytes at a time or one by one")
    func textSpecials() {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let special = bytes.withUnsafeBufferPointer { TextValue.holdsEscapable($0) }
            let needs = bytes.contains(where: TextValue.needsEscape)
            #expect(special == needs || (!needs && bytes.contains(0x09)), "\(text.debugDescription)")
        }
    }

    @Test("TEXT lines are the lines of the value escaped first and then written whole")
    func textLines() {
        for text in Self.texts {
            var fast = ContentLineWriter()
            let dropped = fast.text("X-T", [("P", "a;b")], text, marksBreaks: false)
            var escaped: [UInt8] = []
            let slowDropped = TextValue.appendEscaped(text, to: &escaped)
            var slow = ContentLineWriter()
            slow.write("X-T;P=\"a;b\":" + String(decoding: escaped, as: UTF8.self))
            #expect(fast.bytes == slow.bytes, "\(text.debugDescription)")
            #expect(dropped == slowDropped)
        }
    }

    @Test("BEGIN, END and parameters written again are written as the first time, past eight of each")
    func repeatedPieces() {
        var fast = ContentLineWriter()
        var slow = ContentLineWriter()
        for round in 0..<3 {
            for index in 0..<10 {
                let name = "X-C\(index)"
                let zone = index.isMultiple(of: 2) ? "Zone/\(index)" : "Zone,\(index)"
                fast.begin(name)
                fast.time("DTSTART", [("TZID", zone), ("VALUE", "DATE-TIME")], .dateTime(ContentLineWriterTests.stamp, utc: false))
                fast.end(name)
                let quoted = zone.contains(",") ? "\"\(zone)\"" : zone
                slow.write("BEGIN:" + name)
                slow.write("DTSTART;TZID=\(quoted);VALUE=DATE-TIME:20260101T000000")
                slow.write("END:" + name)
            }
            #expect(fast.bytes == slow.bytes, "round \(round)")
        }
    }

    @Test("a copy of a writer writes on its own; moved bytes leave the writer empty")
    func copiesAndMoves() {
        var first = ContentLineWriter(reservingCapacity: 1)
        first.begin("VEVENT")
        var second = first
        second.end("VEVENT")
        #expect(first.bytes == Array("BEGIN:VEVENT\r\n".utf8))
        #expect(second.bytes == Array("BEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8))
        var moved: [UInt8] = Array("head\r\n".utf8)
        second.moveBytes(to: &moved)
        #expect(moved == Array("head\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8))
        #expect(second.bytes.isEmpty)
        let long = String(repeating: "ä", count: 5_000)
        _ = second.text("DESCRIPTION", [], long, marksBreaks: true)
        var unfolded = String(decoding: second.takeBytes(), as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        unfolded.removeLast()
        #expect(unfolded == "DESCRIPTION:" + long)
        #expect(second.bytes.isEmpty)
        var continued = ContentLineWriter(continuing: Array("A:b\r\n".utf8))
        continued.end("X")
        #expect(continued.bytes == Array("A:b\r\nEND:X\r\n".utf8))
    }

    @Test("times are written in place in the basic format")
    func times() {
        let values: [(ICalTimeText.Value, String)] = [
            (.date(CivilDate(year: 2027, month: 1, day: 2)!), "20270102"), (.date(CivilDate(year: 1900, month: 12, day: 31)!), "19001231"),
            (.dateTime(ContentLineWriterTests.at(2027, 3, 4, 5, 6), utc: true), "20270304T050600Z"),
            (.dateTime(ContentLineWriterTests.at(2099, 12, 31, 23, 59), utc: false), "20991231T235900"),
        ]
        for (value, text) in values {
            var writer = ContentLineWriter()
            writer.time("DTSTART", [], value)
            #expect(writer.bytes == Array("DTSTART:\(text)\r\n".utf8))
            var appended: [UInt8] = []
            switch value {
            case .date(let date): ICalTimeText.append(date, to: &appended)
            case .dateTime(let time, let utc): ICalTimeText.append(time, utc: utc, to: &appended)
            }
            #expect(appended == Array(text.utf8))
        }
    }
}

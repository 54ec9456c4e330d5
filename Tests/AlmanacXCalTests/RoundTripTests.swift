@testable import AlmanacXCal
import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing

/// xCal to iCalendar and back through the built binary (this target cannot import the
/// ics codec: a format never depends on another), and the sample.
@Suite("xCal round trips", .enabled(if: TestPaths.hasAlmanacBinary))
struct RoundTripTests {
    @Test("Samples/events.xcs is what almanac writes for Samples/events.json, and reads back to it")
    func sample() throws {
        let written = try XCal.almanac(["convert", TestPaths.sample("events.json").path, "-t", "xcal"])
        let committed = try Data(contentsOf: TestPaths.sample("events.xcs"))
        #expect(Array(committed) == written, "Samples/events.xcs is stale: almanac convert Samples/events.json --dtstamp \(XCal.stamp) -o Samples/events.xcs")
        let json = try Data(contentsOf: TestPaths.sample("events.json"))
        #expect(try XCal.almanac(["convert", TestPaths.sample("events.xcs").path, "-t", "json"]) == Array(json))
    }

    @Test("xcs → ics → xcs gives the same bytes")
    func xcalThroughICalendar() throws {
        let xcal = try XCal.almanac(["convert", TestPaths.sample("events.xcs").path, "-t", "xcal"])
        let ics = try XCal.almanac(["convert", "-f", "xcal", "-t", "ics"], stdin: xcal)
        #expect(try XCal.almanac(["convert", "-f", "ics", "-t", "xcal"], stdin: ics) == xcal)
        #expect(xcal == Array(try Data(contentsOf: TestPaths.sample("events.xcs"))), "xcs → xcs is stable")
    }

    @Test("Samples/events.ics → xcs → ics gives the same bytes")
    func icalendarThroughXCal() throws {
        let ics = try XCal.almanac(["convert", TestPaths.sample("events.ics").path, "-t", "ics"])
        #expect(ics == Array(try Data(contentsOf: TestPaths.sample("events.ics"))))
        let xcal = try XCal.almanac(["convert", TestPaths.sample("events.ics").path, "-t", "xcal"])
        #expect(try XCal.almanac(["convert", "-f", "xcal", "-t", "ics"], stdin: xcal) == ics)
    }

    @Test("what the model has no field for survives ics → xcs → ics")
    func richCalendar() throws {
        let ics = Array(XCal.richICS.utf8)
        let once = try XCal.almanac(["convert", "-f", "ics", "-t", "ics"], stdin: ics)
        let xcal = try XCal.almanac(["convert", "-f", "ics", "-t", "xcal"], stdin: ics)
        let back = try XCal.almanac(["convert", "-f", "xcal", "-t", "ics"], stdin: xcal)
        #expect(XCal.text(back) == XCal.text(once))
        #expect(try XCal.almanac(["convert", "-f", "ics", "-t", "xcal"], stdin: back) == xcal)
        let text = XCal.text(xcal)
        #expect(text.contains("<rsvp>\n                <boolean>true</boolean>\n              </rsvp>"))
        #expect(text.contains("<member>\n                <cal-address>mailto:a@x</cal-address>\n                <cal-address>mailto:b@x</cal-address>\n              </member>"))
        #expect(text.contains("<geo>\n            <latitude>37.386013</latitude>\n            <longitude>-122.082932</longitude>\n          </geo>"))
        #expect(text.contains("<request-status>\n            <code>2.0</code>\n            <description>Success</description>\n          </request-status>"))
        #expect(text.contains("<period>\n              <start>2027-03-01T10:00:00Z</start>\n              <duration>PT2H</duration>\n            </period>"))
        #expect(text.contains("<binary>SGVsbG8=</binary>"))
        #expect(text.contains("<text>Yoga, Pilates &amp; &lt;Stretching&gt;</text>"))
        #expect(text.contains("<x-moz-generation>\n            <unknown>3</unknown>\n          </x-moz-generation>"))
    }

    @Test("the writer's diagnostics and the dtstamp option work through the command line")
    func commandLine() throws {
        let listed = try ProcessRunner.almanac(["formats"])
        #expect(listed.stdoutText.contains("xcal"))
        #expect(listed.stdoutText.contains(".xcs"))
        let bad = try ProcessRunner.almanac(["convert", TestPaths.sample("events.json").path, "-t", "xcal", "--dtstamp", "soon"])
        #expect(bad.status != 0)
        #expect(bad.stderrText.contains("--dtstamp 'soon' is not a date-time"), "\(bad.stderrText)")
    }
}

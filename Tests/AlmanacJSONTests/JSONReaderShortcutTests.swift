import AlmanacCore
import AlmanacJSONKit
@testable import AlmanacJSON
import Testing

/// The model reader's shortcuts give what the long way gives: numbers read from their
/// bytes, newlines counted a word at a time, paths spelled only when asked for.
@Suite struct JSONReaderShortcutTests {
    private static let decimals = [
        "0", "-0", "1", "-1", "1.5", "0.1", "0.2", "0.3", "2.675", "-0.0", "0.7058823529411765", "0.27450980392156865",
        "123456789012345", "12345678901234.5", "0.000000000000001", "9007199254740993", "1e3", "-2E-2", "1.0",
        "0.5098039215686274", "99999999999999.99", "1234567890123456789",
    ]

    @Test(arguments: decimals)
    func shortDecimalsReadAsDoubleReadsThem(_ text: String) {
        let found = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.shortDecimal($0) }
        if let found {
            #expect(found.bitPattern == Double(text)!.bitPattern, "\(text)")
        } else {
            #expect(text.contains("e") || text.contains("E") || text.filter(\.isNumber).count > 15, "\(text) has a fast form")
        }
    }

    @Test func randomDecimalsReadAsDoubleReadsThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let point = Int.random(in: 0...digits, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            while text.count > 1, text.first == "0", point != 1 { text.removeFirst() }
            let cut = min(point, text.count)
            if cut > 0, cut < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: cut)) }
            if Bool.random(using: &generator) { text = "-" + text }
            let found = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.shortDecimal($0) }
            #expect(found?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test(arguments: ["0", "-0", "7", "-42", "123456789012345678", "1234567890123456789", "1.0", "2e2"])
    func shortIntegersReadAsIntReadsThem(_ text: String) {
        let found = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.shortInteger($0) }
        if text.utf8.count - (text.hasPrefix("-") ? 1 : 0) <= 18, text.allSatisfy({ $0.isNumber || $0 == "-" }) {
            #expect(found == Int(text))
        } else {
            #expect(found == nil)
        }
    }

    @Test func newlinesAreCountedAsByteByByte() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in [UInt8(0x0A), 0x20, 0x8A, 0x0B, 0x09, 0x41, 0xFF][Int.random(in: 0..<7, using: &generator)] }
            let counted = bytes.withUnsafeBufferPointer { JSONStreamCursor<MemorySource>.newlines(in: $0) }
            #expect(counted == bytes.filter { $0 == 0x0A }.count, "\(bytes)")
        }
    }

    @Test func pathsAreSpelledAsMessagesNameThem() {
        let event = JSONPath.item("events", 2)
        #expect(event.text == "events[2]")
        #expect(event.element(.tasks, 0).text == "events[2].tasks[0]")
        #expect(event.field(.color).text == "events[2].color")
        #expect(event.text(of: .title) == "events[2].title")
        #expect(JSONPath.item("", 3).text == "[3]")
        #expect(JSONPath.line(4).element(.tasks, 1).text == "line 4.tasks[1]")
        #expect(JSONPath("").text(of: .recipes) == "recipes")
        #expect(JSONPath("").element(.recipes, 1).text == "recipes[1]")
        let group = JSONPath.item("recipes", 0).element(.ingredientGroups, 1)
        #expect(group.element(.ingredients, 2).text(of: .name) == "recipes[0].ingredientGroups[1].ingredients[2].name")
    }
}

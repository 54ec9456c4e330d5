import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// The byte-level writer and reader shortcuts give what the general paths give: escaping in
/// runs of bytes as escaping scalar by scalar, the usual `*amount* name` as the emphasis
/// reading, and an event's recurrence worked out once as worked out for each event.
@Suite("Writer and reader shortcuts")
struct WriterFastPathTests {
    static let texts = [
        "plain text", "a*b_c`d[e]f<g>h~i\\j", "# heading", "-1 and +2 = 3", "1. first\n2) second\n  3. third",
        "AT&T &amp; &#38; & x", "line\r\nbreak\rreturn", "  indented\n\n\tafter tab", "crème brûlée, 🍰 *sweet*",
        "#tag, #other", "=== \n---", "12345", "12345.", "> quote", "end\\", "é1. not a list", "",
        "Zoë", "über alles", "a", "Ab#c", "word\n# not a heading", "x&y", "x,y and 1,5", "Q", "ü", "@home", "[link]", "_under",
    ]

    @Test("escaping on bytes is escaping scalar by scalar", arguments: texts)
    func escaping(text: String) {
        // A non-ASCII extra character sends the escaper the scalar way; none of the texts holds it.
        for heading in [false, true] {
            let bytes = MarkdownEscaper.escape(text, heading: heading, extra: [","])
            let scalars = MarkdownEscaper.escape(text, heading: heading, extra: [",", "¤"])
            #expect(bytes == scalars)
        }
        #expect(MarkdownEscaper.escape(text) == MarkdownEscaper.escape(text, extra: ["¤"]))
    }

    @Test("escaping examples")
    func escapingExamples() {
        #expect(MarkdownEscaper.escape("a*b") == "a\\*b")
        #expect(MarkdownEscaper.escape("1. x\n- y") == "1\\. x\n\\- y")
        #expect(MarkdownEscaper.escape("AT&T &#1 & x") == "AT\\&T \\&#1 & x")
        #expect(MarkdownEscaper.escape("a\rb") == "a&#13;b")
        #expect(MarkdownEscaper.escape("# a #\nb", heading: true) == "\\# a \\# b")
    }

    @Test("continuation lines are indented on bytes as on text", arguments: [
        "one line", "a\nb", "a\n\nb", "a\n  \nb\n", "a\n\tb",
    ])
    func indenting(text: String) {
        var bytes = Array("- ".utf8) + Array(text.utf8)
        MarkdownEscaper.indentContinuation(&bytes, from: 2, columns: 3)
        #expect(String(decoding: bytes, as: UTF8.self) == "- " + MarkdownEscaper.indentContinuation(text, columns: 3))
    }

    @Test("the usual amount is read on bytes as emphasis reads it", arguments: [
        "*1 cup* flour", "*1 ½ cups* milk, warm", "*1*cup", "*1.* sugar", "*1_2* y", "*1 c.*, sifted", "*2 ml*\ttomatoes",
    ])
    func simpleAmount(text: String) throws {
        let (inner, rest) = try #require(RecipeMDParser.simpleAmount(text))
        let general = try #require(InlineEmphasis.leadingEmphasis(Array(text.unicodeScalars)))
        #expect(inner == general.inner)
        // The rest comes without the white space it starts with (the name is trimmed anyway).
        #expect(rest == String(String.UnicodeScalarView(general.rest.drop { InlineEmphasis.isWhitespace($0) })))
    }

    /// A non-ASCII character next to a delimiter may be Unicode space or punctuation: the general reading decides.
    @Test("anything less plain is left to the general reading", arguments: [
        "* 1* x", "**1** x", "*1**2* x", "*1\\* y* z", "*1* [link](x.md)", "*1 *x", "*1!*x", "*é* x", "*½* cup", "*1* \u{A0}[x](y)", "flour", "*1",
    ])
    func notSimpleAmount(text: String) {
        #expect(RecipeMDParser.simpleAmount(text) == nil)
    }

    @Test("each recurring event is written with its own next occurrence and rule")
    func ownSchedules() throws {
        let weekly = Event(id: "w", title: "Weekly", start: AgendaTests.time("2026-11-02T09:00:00Z"), recurrence: "FREQ=WEEKLY")
        let yearly = Event(id: "y", title: "Yearly", start: AgendaTests.time("2020-12-12"), recurrence: "FREQ=YEARLY")
        let together = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [weekly, yearly])))
        for event in [weekly, yearly] {
            let alone = MarkdownTesting.text(try MarkdownTesting.encode(AlmanacDocument(events: [event])))
            let when = try #require(alone.split(separator: "\n").first { $0.hasPrefix("**When:**") })
            #expect(together.contains(when))
            #expect(when.contains("next occurrence"))
        }
    }

    /// A color component as the writer wrote each before the table of k/255: whole numbers
    /// as integers, the rest as their `description`.
    static func componentText(_ component: Double) -> String {
        component == component.rounded() && abs(component) < 1e15 ? String(Int(component)) : component.description
    }

    @Test("color components, from the table of k/255 or not, are written as their descriptions")
    func colorComponents() {
        var components = (0...255).map { Double($0) / 255 }
        components += (0...255).map { Double($0) / 255 + 1e-17 } + (0...255).map { Double($0).nextUp / 255 }
        components += [0.5, 1.0 / 3, 2.5, -0.25, -1.0 / 255, 254.5 / 255, 1e-20, 1e15 + 0.5, 1e16, 255, 256, -0.0,
                       .infinity, -.infinity, .nan, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for index in stride(from: 0, to: components.count, by: 4) {
            let four = (0..<4).map { index + $0 < components.count ? components[index + $0] : 0.75 }
            var bytes: [UInt8] = []
            AgendaWriter.append(RGBAColor(red: four[0], green: four[1], blue: four[2], alpha: four[3]), to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == four.map(Self.componentText).joined(separator: " "), "\(four)")
        }
    }

    @Test("a text on one line is kept, each line break becomes a space", arguments: texts + ["\r", "\n", "a\r\n", "é\u{2028}b", "\r\n\r\n"])
    func oneLine(text: String) {
        let expected = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        #expect(text.replacingNewlines == expected)
    }

    @Test("no whitespace character has a lead byte that is said to start none")
    func whitespaceLeadBytes() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), InlineEmphasis.isWhitespace(scalar) else { continue }
            let lead = Array(String(scalar).utf8)[0]
            #expect(!MarkdownText.startsNoWhitespace(lead), "U+\(String(value, radix: 16))")
        }
    }

    @Test("trimming with its shortcut for characters that are surely not whitespace trims as reading every end does", arguments: texts + [
        " a ", "é", " é ", "\u{A0}x\u{A0}", "x\u{3000}", "\u{2003}y", "。", "資料。", "👟", " 👟\n", "Ü\t", "\u{1680}", "\u{180E}z", "a\u{202F}",
    ])
    func trimming(text: String) {
        let bytes = Array(text.utf8)
        let visible = bytes.withUnsafeBufferPointer { PlainTextLines.visibleRange(of: $0, from: 0, to: $0.count) }
        #expect(MarkdownText.trimmed(text) == String(decoding: bytes[visible], as: UTF8.self))
    }
}

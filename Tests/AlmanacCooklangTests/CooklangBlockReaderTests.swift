import AlmanacCore
import Testing
@testable import AlmanacCooklang

/// Lines: sections, notes, `>>` metadata, comments and paragraphs.
@Suite struct CooklangBlockReaderTests {
    static func parse(_ text: String) throws -> CooklangParsedRecipe {
        try CooklangReader.parse(Array(text.utf8))
    }

    @Test func sectionsInEveryForm() throws {
        let parsed = try Self.parse("first\n= Dough =\nmix\n== Sauce ==\n\nstir\n= Topping\nsprinkle\n==\nlast\n")
        #expect(parsed.sections.map(\.title) == [nil, "Dough", "Sauce", "Topping", ""])
        #expect(parsed.steps.map(\.plainText) == ["first", "mix", "stir", "sprinkle", "last"])
    }

    @Test func aSectionLineNeedsItsEqualsSignFirst() throws {
        let parsed = try Self.parse(" = not a section =\n")
        #expect(parsed.sections.map(\.title) == [nil])
        #expect(parsed.steps.map(\.plainText) == ["= not a section ="])
    }

    @Test func notesAreParagraphsOfTheirOwnAndNotSteps() throws {
        let parsed = try Self.parse("> first line\n> second line\n\nstep\n")
        #expect(parsed.sections[0].blocks == [.note("first line second line"), .step(CooklangStep(items: [.text("step")], offset: 28))])
    }

    @Test func oldStyleMetadataLinesBreakParagraphs() throws {
        let parsed = try Self.parse("a\n>> servings: 2\nb\n")
        #expect(parsed.metadata.map(\.key) == ["servings"])
        #expect(parsed.metadata.map(\.value) == [.text("2")])
        #expect(parsed.steps.map(\.plainText) == ["a", "b"])
    }

    @Test func commentLinesVanishAndLineCommentsEndTheLine() throws {
        let parsed = try Self.parse("-- only a comment\nfirst -- rest\n-- another\nsecond\n")
        #expect(parsed.steps.count == 1)
        #expect(parsed.steps[0].items == [.text("first  second")])
    }

    @Test func threeDashesAreText() throws {
        #expect(try Self.parse("hello --- there\n").steps[0].items == [.text("hello --- there")])
    }

    @Test func blockCommentsSpanLinesAndParagraphs() throws {
        let parsed = try Self.parse("x [- one\n\ntwo -] y\n\nz [- open to the end\n\nnothing\n")
        #expect(parsed.steps.map(\.items) == [[.text("x  y")], [.text("z ")]])
    }

    @Test func escapedDashesAreNoComment() throws {
        #expect(try Self.parse("a \\-- b\n").steps[0].items == [.text("a -- b")])
    }

    @Test func linesOfAStepAreJoinedBySpacesAsTheyAre() throws {
        let parsed = try Self.parse("  one  \r\ntwo\n\n\t\nthree")
        #expect(parsed.steps.map(\.items) == [[.text("  one   two")], [.text("three")]])
    }

    @Test func theListMarkerMarksTheNextStep() throws {
        let parsed = try Self.parse("-- almanac: ingredients\n@flour{1%kg}, @salt{}\n\nMix.\n")
        #expect(parsed.steps.map(\.listsIngredients) == [true, false])
    }

    @Test func invalidUTF8IsAnErrorAtItsByte() throws {
        var bytes = Array("ok\nbad ".utf8)
        bytes.append(0xC3)
        bytes += Array(" x".utf8)
        #expect(throws: CooklangDecodingError.invalidUTF8(at: SourcePosition(offset: 7, line: 2, column: 5))) {
            try CooklangReader.parse(bytes)
        }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let parsed = try CooklangReader.parse([0xEF, 0xBB, 0xBF] + Array("---\ntitle: T\n---\nstep\n".utf8))
        #expect(parsed.metadata.map(\.key) == ["title"])
        #expect(parsed.steps.map(\.plainText) == ["step"])
    }
}

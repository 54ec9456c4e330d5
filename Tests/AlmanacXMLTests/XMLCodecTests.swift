import AlmanacCore
import AlmanacXML
import Testing

@Suite struct XMLCodecTests {
    @Test func describesItself() {
        let format = XMLCodec().format
        #expect(format.name == "xml")
        #expect(format.extensions == ["xml"])
        #expect(format.reads == [.recipe, .event])
        #expect(format.writes == [.recipe, .event])
    }
}

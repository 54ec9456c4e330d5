import AlmanacCore
import Testing

@Suite struct UniqueNamesTests {
    @Test func aTakenNameGetsTheSmallestFreeNumber() {
        var names = UniqueNames()
        #expect(names.claim("banana-bread") == "banana-bread")
        #expect(names.claim("banana-bread") == "banana-bread-2")
        #expect(names.claim("banana-bread") == "banana-bread-3")
        #expect(names.claim("soup") == "soup")
    }

    @Test func aNumberedNameThatIsTakenIsSkipped() {
        var names = UniqueNames()
        #expect(names.claim("pie-2") == "pie-2")
        #expect(names.claim("pie") == "pie")
        #expect(names.claim("pie") == "pie-3")
        #expect(names.claim("pie-2") == "pie-2-2")
    }

    @Test func reservedNamesAreNeverHandedOut() {
        var names = UniqueNames(reserved: ["index"])
        #expect(names.claim("index") == "index-2")
        #expect(names.claim("index") == "index-3")
    }
}

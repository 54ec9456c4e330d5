import AlmanacCore
import Testing

@Suite struct StableIDTests {
    private func isUUIDShaped(_ id: String) -> Bool {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { "0123456789abcdef".contains($0) } }
    }

    @Test func isUUIDShaped() {
        #expect(isUUIDShaped(StableID.make(from: Array("{\"title\":\"Soup\"}".utf8), salt: "recipes[0]")))
        #expect(isUUIDShaped(StableID.make(from: [], salt: "")))
    }

    @Test func sameBytesAndSaltGiveTheSameID() {
        let bytes = Array("{\"title\":\"Soup\"}".utf8)
        #expect(StableID.make(from: bytes, salt: "recipes[0]") == StableID.make(from: bytes, salt: "recipes[0]"))
        #expect(StableID.make(from: bytes[...], salt: "recipes[0]") == StableID.make(from: bytes, salt: "recipes[0]"))
    }

    @Test func differentBytesOrSaltGiveDifferentIDs() {
        let soup = Array("{\"title\":\"Soup\"}".utf8)
        let soap = Array("{\"title\":\"Soap\"}".utf8)
        #expect(StableID.make(from: soup, salt: "recipes[0]") != StableID.make(from: soap, salt: "recipes[0]"))
        #expect(StableID.make(from: soup, salt: "recipes[0]") != StableID.make(from: soup, salt: "recipes[1]"))
        #expect(StableID.make(from: Array("ab".utf8), salt: "") != StableID.make(from: Array("ba".utf8), salt: ""))
    }

    @Test func manyInputsGiveDistinctIDs() {
        let ids = Set((0..<5_000).map { StableID.make(from: Array("item \($0)".utf8), salt: "events[\($0 % 7)]") })
        #expect(ids.count == 5_000)
    }

    @Test func theTwoHalvesAreIndependent() {
        // Each half of the id comes from its own hash, so they differ from each other.
        let id = StableID.make(from: Array("x".utf8), salt: "s").filter { $0 != "-" }
        #expect(id.prefix(16) != id.suffix(16))
    }
}

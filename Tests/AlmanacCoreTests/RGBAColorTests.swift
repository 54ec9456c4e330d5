import AlmanacCore
import Testing

@Suite struct RGBAColorTests {
    @Test func parsesSixDigitsWithOrWithoutHash() {
        #expect(RGBAColor(hex: "#FF8000") == RGBAColor(red: 1, green: 128.0 / 255, blue: 0))
        #expect(RGBAColor(hex: "ff8000") == RGBAColor(red: 1, green: 128.0 / 255, blue: 0))
        #expect(RGBAColor(hex: "#fF80a0")?.blue == 160.0 / 255)
    }

    @Test func parsesThreeDigitsByRepeatingEach() {
        #expect(RGBAColor(hex: "#F80") == RGBAColor(red: 1, green: 136.0 / 255, blue: 0))
        #expect(RGBAColor(hex: "#F80")?.alpha == 1)
    }

    @Test func parsesEightDigitsWithAlpha() {
        #expect(RGBAColor(hex: "#00000080") == RGBAColor(red: 0, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(RGBAColor(hex: "#FFFFFF00")?.alpha == 0)
    }

    @Test(arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GG0000", "#12 456", "##123456", "0x123456"])
    func rejects(_ text: String) {
        #expect(RGBAColor(hex: text) == nil)
    }

    @Test func hexStringRoundsAndClamps() {
        #expect(RGBAColor(red: 1, green: 0.5, blue: 0).hexString == "#FF8000FF")
        #expect(RGBAColor(red: 1.5, green: -0.2, blue: 0.25, alpha: 0.5).hexString == "#FF004080")
        #expect(RGBAColor(hex: "#12ABEF7C")?.hexString == "#12ABEF7C")
    }

    @Test func rangeCheckCoversEveryComponent() {
        #expect(RGBAColor(red: 0, green: 1, blue: 0.5).isInRange)
        #expect(!RGBAColor(red: 0, green: 1.01, blue: 0.5).isInRange)
        #expect(!RGBAColor(red: 0, green: 1, blue: 0.5, alpha: -0.1).isInRange)
    }
}

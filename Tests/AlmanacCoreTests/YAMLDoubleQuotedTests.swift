@testable import AlmanacCore
import Testing

@Suite struct YAMLDoubleQuotedTests {
    @Test func quotesBackslashesLineFeedsAndTabsAreEscapedEitherWay() {
        for controls in [YAMLDoubleQuoted.Controls.space, .escaped] {
            #expect(YAMLDoubleQuoted.quote("a\"b\\c\nd\te", controls: controls) == #""a\"b\\c\nd\te""#)
            #expect(YAMLDoubleQuoted.quote("", controls: controls) == #""""#)
            #expect(YAMLDoubleQuoted.quote("Crème brûlée ☕", controls: controls) == "\"Crème brûlée ☕\"")
        }
    }

    @Test func otherControlsBecomeSpacesForReadersWithoutUnicodeEscapes() {
        #expect(YAMLDoubleQuoted.quote("a\rb\u{1}c\u{7F}d\u{85}e\u{2028}f\u{FEFF}", controls: .space)
            == "\"a b c d\u{85}e\u{2028}f\u{FEFF}\"")
    }

    @Test func otherControlsAndYAMLLineBreaksAreEscaped() {
        #expect(YAMLDoubleQuoted.quote("a\rb\u{1}c\u{7F}d\u{85}e\u{2028}f\u{2029}g\u{FEFF}", controls: .escaped)
            == #""a\rb\u0001c\u007Fd\u0085e\u2028f\u2029g\uFEFF""#)
    }
}

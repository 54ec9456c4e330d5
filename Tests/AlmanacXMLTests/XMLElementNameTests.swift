import Testing

@testable import AlmanacXML

/// The element names are spelled twice, as the case names the reader matches
/// (``XMLElementName/text``) and as the literals the writer copies: the two must agree.
struct XMLElementNameTests {
    @Test("every element name's literal is its case name", arguments: XMLElementName.allCases)
    func literalIsTheName(name: XMLElementName) {
        #expect("\(name.literal)" == name.text)
    }

    @Test func theVocabularyHasEveryName() {
        // A name added to the enum without a literal would not compile; one whose literal is
        // another case's would pass the test above only for itself: no two literals are equal.
        let literals = XMLElementName.allCases.map { "\($0.literal)" }
        #expect(Set(literals).count == literals.count)
    }
}

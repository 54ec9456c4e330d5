/// `color-range`: flags an event color with a component outside 0 to 1.
///
/// It reads the color alone: an occurrence of a series gets the series' verdict (``ignoresTimes``).
public struct ColorRangeRule: ValidationRule {
    public let id = "color-range"
    public let defaultSeverity = Diagnostic.Severity.error
    public let summary = "An event's color components are from 0 to 1."

    public let ignoresTimes = true

    public init() {}

    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        items.enumerated().compactMap { index, located in
            guard case .event(let event) = located.item, let color = event.color, !color.isInRange else { return nil }
            let components = [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)]
                .filter { !(0...1).contains($0.1) }
                .map { "\($0.0) \($0.1)" }
            return Finding(itemIndex: index, message: "the color's \(components.joined(separator: ", ")) is outside 0 to 1")
        }
    }
}

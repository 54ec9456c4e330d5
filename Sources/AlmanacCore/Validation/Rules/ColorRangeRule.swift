/// `color-range`: flags an event color with a component outside 0 to 1.
///
/// It reads the color alone: an occurrence of a series gets the series' verdict (``ignoresTimes``).
public struct ColorRangeRule: ItemRule {
    public var id: String { "color-range" }
    public var defaultSeverity: Diagnostic.Severity { .error }
    public var summary: String { "An event's color components are from 0 to 1." }

    public var ignoresTimes: Bool { true }

    public init() {}

    public func findings(in located: LocatedItem, settings: ValidationSettings, instants: inout InstantReader) -> [Finding] {
        guard case .event(let event) = located.item, let color = event.color else { return [] }
        // What `isInRange` says, compared in place (NaN is outside too).
        let inside = { (component: Double) in component >= 0 && component <= 1 }
        if inside(color.red) && inside(color.green) && inside(color.blue) && inside(color.alpha) { return [] }
        let components = [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)]
            .filter { !(0...1).contains($0.1) }
            .map { "\($0.0) \($0.1)" }
        return [Finding(itemIndex: 0, message: "the color's \(components.joined(separator: ", ")) is outside 0 to 1")]
    }
}

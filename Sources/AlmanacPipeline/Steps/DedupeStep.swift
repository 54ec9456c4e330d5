import AlmanacCore

/// `dedupe`: one item per id; the last one wins, in the place of the first. A changed
/// occurrence of a recurring event is not a duplicate of its series (``Item/identity``).
public struct DedupeStep: PipelineStep {
    public init() {}

    public func apply(to state: inout PipelineState) throws {
        var slot: [String: Int] = [:]
        var kept: [LocatedItem] = []
        for located in state.items {
            let key = "\(located.item.kind.rawValue):\(located.item.identity)"
            if let index = slot[key] {
                kept[index] = located
            } else {
                slot[key] = kept.count
                kept.append(located)
            }
        }
        state.items = kept
    }
}

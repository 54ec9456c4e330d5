/// A validation rule that checks each item on its own, whatever the items around it:
/// its findings in a list are those of each item, in order. It implements
/// ``ValidationRule/findings(in:settings:instants:)`` and gets ``ValidationRule/check(_:settings:)``
/// from it, so that a document and a stream are checked by the same code.
///
/// The built-in ones answer `id`, `defaultSeverity` and `summary` from computed properties:
/// a rule with no stored property fits in the inline buffer of an `any ValidationRule`,
/// which then needs no box, and calling it costs no reference counting.
public protocol ItemRule: ValidationRule {}

extension ItemRule {
    /// The findings of every item, each as ``findings(in:settings:instants:)`` gives it.
    public func check(_ items: [LocatedItem], settings: ValidationSettings) -> [Finding] {
        var instants = InstantReader(localZone: settings.timeZone)
        var all: [Finding] = []
        for (index, located) in items.enumerated() {
            for var finding in findings(in: located, settings: settings, instants: &instants) {
                finding.itemIndex = index
                all.append(finding)
            }
        }
        return all
    }
}

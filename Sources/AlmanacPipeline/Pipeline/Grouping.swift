import AlmanacCore

/// How a step grouped the items, passed to the writer as typed options (the Markdown agenda
/// shows its events under Past, Next 7 Days, …, counted from the same day).
public enum Grouping: Sendable, Hashable {
    /// By ``EventPeriod``, counted from `today` (`nil`: from now).
    case period(today: CivilDate?)
}

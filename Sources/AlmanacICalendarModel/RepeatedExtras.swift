import AlmanacCore

/// The extras of mapped items (which start empty), remembered for the last few different
/// ones: calendars repeat the same few alarms or kept lines on many items, and an item
/// whose `ics` entry equals a remembered one gets the same extras, which the items then
/// share, so that they are neither built nor freed again item after item.
struct RepeatedExtras {
    /// How many different entries are remembered (a calendar's usual alarms, say).
    private static let capacity = 8
    private var known: [(entry: ICalendarExtras, extras: Extras)] = []
    /// The slot the next entry not remembered replaces, once all are taken.
    private var nextSlot = 0

    /// Extras holding `entry` alone (none when it is empty), as
    /// ``ICalendarExtras/stored(in:)`` makes them from empty extras.
    mutating func extras(holding entry: ICalendarExtras) -> Extras {
        guard !entry.isEmpty else { return Extras() }
        for slot in known.indices where known[slot].entry == entry { return known[slot].extras }
        let extras = entry.stored(in: Extras())
        if known.count < Self.capacity {
            known.append((entry, extras))
        } else {
            known[nextSlot] = (entry, extras)
            nextSlot = (nextSlot + 1) % Self.capacity
        }
        return extras
    }
}

/// A JSON-LD block as the `html` reader repaired it: the bytes the strict JSON reader
/// reads, the repairs made, and the way back from an offset in the repaired bytes to
/// the original text (for positions in the page).
struct RepairedJSON {
    /// The repaired text: strict JSON when every repair was enough.
    var bytes: [UInt8]
    /// The repairs, in the order of the original text.
    var repairs: [JSONRepair]
    /// From each of these repaired offsets on, `repaired - original` stays the same
    /// until the next anchor; sorted by both.
    var anchors: [(repaired: Int, original: Int)] = [(0, 0)]

    /// The offset in the original text of the byte at `offset` in ``bytes``.
    func originalOffset(_ offset: Int) -> Int {
        guard !repairs.isEmpty else { return offset }
        var low = 0
        var high = anchors.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if anchors[middle].repaired <= offset { low = middle } else { high = middle - 1 }
        }
        return anchors[low].original + (offset - anchors[low].repaired)
    }
}

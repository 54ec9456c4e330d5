import AlmanacCore
import Foundation

/// The Markdown a recipe was read from, kept in its extras under `markdown-source` so that
/// the writer gives the author's Markdown back: the body (everything after the front matter,
/// as bytes) with a fingerprint of the fields the body spells (title, summary, times, tags,
/// yields, ingredients, directions) — only when the body is not what the writer makes of
/// those fields anyway — and the id when almanac derived it.
///
/// The writer writes the body as it was when the recipe's fields still have the fingerprint;
/// when a verb changed one of them it writes the fields, taking the author's Markdown for
/// the texts that did not change from the body (``RecipeMarkup``).
struct KeptRecipeSource {
    /// The extras name: the codec's, with what it keeps.
    static let extrasKey = MarkdownCodec.extrasKey + "-source"

    /// The recipe's Markdown after its front matter, byte for byte (line endings and all),
    /// with ``fingerprint(_:)`` of the fields as they were read from it.
    var body: (text: String, fingerprint: String)?
    /// ``fingerprint(_:)`` of the fields with the front matter's merged in, when it differs
    /// (front matter gave tags, yields, times the body has not): written with front matter,
    /// the body is the same while the fields have this one.
    var mergedFingerprint: String?
    /// The id almanac derived for a recipe whose source gave none, which is not worth a warning
    /// when it cannot be written.
    var derivedID: String?

    init(body: (text: String, fingerprint: String)?, derivedID: String?) {
        self.body = body
        self.derivedID = derivedID
    }

    /// Whether nothing is kept.
    var isEmpty: Bool { body == nil && derivedID == nil }

    /// What `extras` keep under ``extrasKey``, or `nil` when they keep nothing usable.
    init?(_ extras: Extras) {
        guard let members = extras[Self.extrasKey]?.members else { return nil }
        var body: String?
        var fingerprint: String?
        var derivedID: String?
        var merged: String?
        for member in members {
            switch member.key {
            case "body": body = member.value.string
            case "fields": fingerprint = member.value.string
            case "derivedID": derivedID = member.value.string
            case "fieldsWithFrontMatter": merged = member.value.string
            default: continue
            }
        }
        let kept = body.flatMap { body in fingerprint.map { (body, $0) } }
        self.init(body: kept, derivedID: derivedID)
        mergedFingerprint = kept == nil ? nil : merged
    }

    /// The entry to file under ``extrasKey``.
    var opaque: OpaqueValue {
        var members: [OpaqueMember] = []
        if let body { members += [OpaqueMember("body", .string(body.text)), OpaqueMember("fields", .string(body.fingerprint))] }
        if body != nil, let mergedFingerprint { members.append(OpaqueMember("fieldsWithFrontMatter", .string(mergedFingerprint))) }
        if let derivedID { members.append(OpaqueMember("derivedID", .string(derivedID))) }
        return .object(members)
    }

    /// The body of the recipe whose fields are `recipe`'s when it matters: the body is not
    /// what the writer makes of those fields. The usual body is proven the writer's without
    /// writing it (``GeneratedBodyCheck``); only another one is written and compared.
    /// A body that ends inside a fenced code block is not kept: written before another part,
    /// the fence would swallow it.
    /// `recipe` holds the body's fields, `merged` the recipe with its front matter merged in.
    mutating func keep(_ source: ArraySlice<UInt8>, of recipe: Recipe, merged: Recipe) {
        let same: Bool? = source.withUnsafeBufferPointer { bytes in
            // The usual body, proven the writer's without writing it; else asked of the writer.
            if GeneratedBodyCheck.proves(bytes, isGeneratedFrom: merged) { return true }
            guard !Self.endsInOpenFence(bytes) else { return nil }
            return Self.writerGenerates(bytes, from: merged)
        }
        guard same == false else { return }
        body = (String(decoding: source, as: UTF8.self), Self.fingerprint(recipe))
        let withFrontMatter = Self.fingerprint(merged)
        mergedFingerprint = withFrontMatter == body?.fingerprint ? nil : withFrontMatter
    }

    /// Whether the writer, writing `recipe`'s fields, writes `bytes`.
    static func writerGenerates(_ bytes: UnsafeBufferPointer<UInt8>, from recipe: Recipe) -> Bool {
        var generated: [UInt8] = []
        // The same body is as long as the source: one allocation, not one per doubling.
        generated.reserveCapacity(bytes.count + 1)
        var warnings: [String] = []
        RecipeWriter(frontMatter: false).generatedBody(recipe, markup: nil, into: &generated, warnings: &warnings)
        return bytes.count == generated.count
            && (bytes.isEmpty || generated.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
    }

    /// Whether a fence is open at the end of the body `bytes`, as the reader looks for fences when it splits parts.
    /// Walks the bytes once; only a line whose first visible byte is `` ` `` or `~` (the only
    /// lines that can open or close a fence) is handed to ``LineScanner``.
    private static func endsInOpenFence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Only a line that starts with `` ` `` or `~` opens or closes a fence.
        guard let base = bytes.baseAddress,
              memchr(base, Int32(UInt8(ascii: "`")), bytes.count) != nil || memchr(base, Int32(UInt8(ascii: "~")), bytes.count) != nil else { return false }
        var fence: (character: UInt8, length: Int)?
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var first = start
            while first < end && (bytes[first] == LineScanner.space || bytes[first] == LineScanner.tab) { first += 1 }
            if first < end, bytes[first] == UInt8(ascii: "`") || bytes[first] == UInt8(ascii: "~") {
                var line = Array(bytes[start..<end])
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if let open = fence {
                    if LineScanner.closesFence(line, character: open.character, length: open.length) { fence = nil }
                } else if let opening = LineScanner.fenceOpening(line) {
                    fence = opening
                }
            }
            start = end + 1
        }
        return fence != nil
    }

    /// Whether `recipe`'s fields are still those the kept body spells.
    /// With `frontMatter`, front matter written before the body carries what it carried.
    func bodyMatches(_ recipe: Recipe, frontMatter: Bool = false) -> Bool {
        guard let body else { return false }
        let fingerprint = Self.fingerprint(recipe)
        return fingerprint == body.fingerprint || (frontMatter && fingerprint == mergedFingerprint)
    }

    /// The body of a recipe part spanning lines `start..<end`: to the end of the input when it
    /// is the last part, else without the blank lines before the next part's marker (the
    /// writer's separator puts one back).
    /// Its bytes: a text is made of them only when the body is kept.
    static func body(_ source: MarkdownSource, lines start: Int, to end: Int) -> ArraySlice<UInt8> {
        let from = start < source.lineOffsets.count ? source.lineOffsets[start] : source.bytes.count
        guard end < source.lineOffsets.count else { return source.bytes[from...] }
        var last = end
        while last > start && source.isBlank(line: last - 1) { last -= 1 }
        let to = last < source.lineOffsets.count ? source.lineOffsets[last] : source.bytes.count
        return source.bytes[from..<to]
    }

    /// A hash of the fields a RecipeMD body spells, so that a changed field shows.
    static func fingerprint(_ recipe: Recipe) -> String {
        var bytes: [UInt8] = []
        func add(_ text: String?) {
            guard let text else { bytes.append(1); return }
            bytes.append(2)
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
        }
        func add(_ number: Double?) {
            guard let number else { bytes.append(1); return }
            bytes.append(3)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        func count(_ value: Int) { add(String(value)) }
        func add(_ ingredients: [Ingredient]) {
            count(ingredients.count)
            for ingredient in ingredients {
                add(ingredient.amount); add(ingredient.unit); add(ingredient.name); add(ingredient.note); add(ingredient.link)
            }
        }
        func add(_ groups: [IngredientGroup]) {
            count(groups.count)
            for group in groups {
                add(group.title); add(group.ingredients); add(group.ingredientGroups)
            }
        }
        func add(_ steps: [String]) {
            count(steps.count)
            for step in steps { add(step) }
        }
        add(recipe.title)
        add(recipe.summary)
        add(recipe.prepTime?.description); add(recipe.cookTime?.description); add(recipe.totalTime?.description)
        add(recipe.tags)
        count(recipe.yields.count)
        for yield in recipe.yields { add(yield.amount); add(yield.unit) }
        add(recipe.ingredients)
        add(recipe.ingredientGroups)
        add(recipe.directions)
        count(recipe.directionGroups.count)
        for group in recipe.directionGroups { add(group.title); add(group.directions) }
        return StableID.make(from: bytes, salt: extrasKey)
    }
}

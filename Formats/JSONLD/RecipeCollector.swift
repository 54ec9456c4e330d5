import AlmanacCore
import AlmanacJSONKit

/// Reads the recipes of one or more JSON-LD texts of one file (a `.jsonld` file, or the
/// `<script>` blocks of a page) into one result.
struct RecipeCollector {
    let fileBytes: [UInt8]
    let sourceName: String
    private(set) var recipes: [Recipe] = []
    private var origins: [SourcePosition?] = []
    /// The recipes and ids read so far, so that a repeat is found without a pass over them.
    private var seen: Set<Recipe> = []
    private var ids: Set<String> = []
    private var diagnostics: [Diagnostic] = []
    /// Where the first JSON-LD text starts, for the error when none holds a Recipe.
    private(set) var rootPosition: SourcePosition?

    /// The deepest nesting of JSON arrays and objects read.
    let maximumDepth: Int

    init(fileBytes: [UInt8], sourceName: String, maximumDepth: Int = JSONReader.defaultMaximumDepth) {
        self.fileBytes = fileBytes
        self.sourceName = sourceName
        self.maximumDepth = maximumDepth
    }

    /// What was read.
    var result: DecodeResult {
        DecodeResult(document: AlmanacDocument(recipes: recipes), diagnostics: diagnostics, origins: ItemOrigins(recipes: origins))
    }

    /// Reads the JSON-LD `text`, which sits in the file as `source` says, and adds its
    /// recipes. With `lenient` (the `html` reader), also what ``LenientRecipe`` repairs.
    mutating func read(_ source: JSONLDSource, text: ArraySlice<UInt8>, lenient: Bool = false) throws(JSONLDDecodingError) {
        let bytes = Array(text)
        let done: Result<Void, JSONLDDecodingError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maximumDepth: maximumDepth, duplicates: .report)
            do throws(JSONLDDecodingError) {
                let root: JSONValue
                do throws(JSONSyntaxError) {
                    root = try reader.parseDocument()
                } catch {
                    throw source.error(error)
                }
                try read(root, source: source, lenient: lenient, duplicates: reader.duplicateKeys)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try done.get()
    }

    /// Adds the recipes of the JSON value `root`, which sits in the file as `source` says
    /// (a parsed JSON-LD text, or the items of a page's Microdata); `root` is read here and
    /// not kept, so its bytes need only last this call.
    mutating func read(_ root: JSONValue, source: JSONLDSource, lenient: Bool, duplicates: [JSONDuplicateKey] = []) throws(JSONLDDecodingError) {
        if rootPosition == nil { rootPosition = source.position(of: root) }
        for duplicate in duplicates {
            diagnostics.append(Diagnostic(.warning, "duplicate key '\(duplicate.key)'; the first one is read", source: sourceName, position: source.position(duplicate.offset)))
        }
        var reader = RecipeReader(source: source, sourceName: sourceName)
        for found in RecipeFinder.recipes(in: root, anyCase: lenient) {
            var object = found
            if lenient {
                let repaired = LenientRecipe.repaired(found, source: source, sourceName: sourceName)
                object = repaired.0
                diagnostics += repaired.1
            }
            var recipe = try reader.recipe(object)
            // A page that publishes the same recipe twice holds it once.
            if seen.contains(recipe) {
                diagnostics.append(Diagnostic(.note, "the same Recipe again; read once", source: sourceName, position: source.position(of: object)))
                continue
            }
            // Derived ids stay unique; given ones are left to the unique-ids rule.
            var copy = 0
            while recipe.id == RecipeReader.derivedID(recipe, copy: copy), ids.contains(recipe.id) {
                copy += 1
                recipe.id = RecipeReader.derivedID(recipe, copy: copy)
            }
            recipes.append(recipe)
            seen.insert(recipe)
            ids.insert(recipe.id)
            origins.append(source.position(of: object))
        }
        diagnostics += reader.diagnostics
    }

    /// Adds a warning about the file.
    mutating func warn(_ message: String, at position: SourcePosition?) {
        diagnostics.append(Diagnostic(.warning, message, source: sourceName, position: position))
    }

    /// Adds a note about the file.
    mutating func note(_ message: String, at position: SourcePosition?) {
        diagnostics.append(Diagnostic(.note, message, source: sourceName, position: position))
    }
}

import AlmanacCore
import Dispatch
import Foundation

/// The second half of a streamed conversion, on a thread of its own: it takes the items the
/// readers hand over (``ItemHandoff``), in order, validates each as it comes
/// (``StreamValidator``: `unique-ids` by hashes of the ids) and passes it to the writer
/// (``StreamSink``), reporting what it finds in the order a single thread would. The first
/// error stops it, and the readers at their next hand-over.
final class StreamConsumer: @unchecked Sendable {
    /// What the readers hand over: an item of the input at `input`, or the end of an input
    /// with its reader's findings.
    enum Entry {
        case item(Item, SourcePosition?, input: Int)
        case end(diagnostics: [Diagnostic])
    }

    private let codec: any FormatCodec
    private let inputNames: [String]
    private var sink: StreamSink
    private var validator: StreamValidator?
    private let output: Conversion.Output
    /// Set while the conversion runs; dropped at its end (the handler does not escape it).
    private var report: DiagnosticHandler?
    /// Recipes a calendar cannot hold are written only as details of the meals that name
    /// them, which may come later: whether each is named is known at the end.
    private let mealRecipesOnly: Bool
    private var unnamedRecipes: [String: String] = [:]
    private var recipeOrder: [String] = []
    private var namedRecipes = Set<String>()
    /// What stopped the consumer; read once its thread is done.
    private(set) var failure: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    init(codec: any FormatCodec, inputNames: [String], sink: StreamSink, validator: Validator?, output: Conversion.Output, report: @escaping DiagnosticHandler) {
        self.codec = codec
        self.inputNames = inputNames
        self.sink = sink
        self.validator = validator.map(StreamValidator.init)
        self.output = output
        self.report = report
        mealRecipesOnly = !codec.format.writes.contains(.recipe) && codec.format.writes.contains(.event)
    }

    /// Starts the thread that takes from `handoff` until it closes or an error stops it.
    func start(taking handoff: ItemHandoff<[Entry]>) {
        let thread = Thread { [self] in
            do {
                while let batch = handoff.take() {
                    for entry in batch { try handle(entry) }
                }
            } catch {
                failure = error
                handoff.stop()
            }
            done.signal()
        }
        thread.name = "almanac stream"
        thread.start()
    }

    /// Waits until the thread is done.
    func wait() {
        done.wait()
    }

    /// After every item: the refusal of recipes no meal names, then the writer's end with
    /// the inputs' `extras`. Drops the diagnostic handler.
    func finish(extras: Extras) throws {
        defer { report = nil }
        let unnamed = recipeOrder.filter { !namedRecipes.contains($0) }
        if !unnamed.isEmpty {
            throw Conversion.mealRecipeRefusal(unnamed.map { unnamedRecipes[$0] ?? $0 }, codec: codec)
        }
        do {
            try sink.finish(extras: extras, output.write).forEach { report?($0, .quoting()) }
        } catch let error as any CodecError {
            throw AlmanacError(error, source: output.name)
        }
    }

    /// Drops the diagnostic handler, for a conversion that ends without ``finish(extras:)``.
    func drop() {
        report = nil
    }

    private func handle(_ entry: Entry) throws {
        switch entry {
        case .end(let diagnostics):
            diagnostics.forEach { report?($0, .quoting()) }
        case .item(let item, let position, let input):
            do {
                try take(item, position: position, source: inputNames[input])
            } catch let error as any CodecError {
                throw AlmanacError(error, source: inputNames[input])
            }
        }
    }

    private func take(_ item: Item, position: SourcePosition?, source: String) throws {
        switch item {
        case .recipe(let recipe) where mealRecipesOnly:
            if unnamedRecipes[recipe.id] == nil, !namedRecipes.contains(recipe.id) {
                unnamedRecipes[recipe.id] = recipe.title
                recipeOrder.append(recipe.id)
            }
        case .event(let event) where mealRecipesOnly:
            namedRecipes.formUnion(event.recipes)
        default:
            if !codec.format.writes.contains(item.kind), let refusal = Conversion.unwritableKinds(in: [item.kind], codec: codec) {
                throw AlmanacError(.dataError, message: refusal)
            }
        }
        if validator != nil {
            let found = validator!.validate(LocatedItem(item, source: source, position: position))
            if found.contains(where: { $0.severity == .error }) {
                throw AlmanacError(.validationFailed, message: "validation found errors; stopped (--no-validate writes anyway)", diagnostics: found)
            }
            found.forEach { report?($0, .alone) }
        }
        try sink.take(item, output: output.write).forEach { report?($0, .quoting()) }
        if output.isClosed { throw Conversion.Closed() }
    }
}

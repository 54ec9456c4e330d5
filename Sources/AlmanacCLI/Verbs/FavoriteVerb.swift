import Almanac

/// `favorite`: a ``FavoriteStep``.
struct FavoriteVerb: Verb {
    let name = "favorite"
    let abstract = "Mark every recipe as a favorite."
    let usage = "favorite"
    let options: [ArgumentScanner.Option] = []

    func makeStep(_ arguments: ArgumentScanner.Result) throws -> any PipelineStep {
        try noPositionals(arguments)
        return FavoriteStep()
    }
}

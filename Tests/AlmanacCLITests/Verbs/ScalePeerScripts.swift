/// The Python the scaling peer tests run with recipemd 5.0.0.
enum ScalePeerScripts {
    /// `argv[1]`: the operations as JSON, `[["m", "2"], ["y", "8 servings"], …]` (recipemd's
    /// `-m` and `-y`); the other arguments: RecipeMD files. Scales each file by each operation
    /// with the recipemd CLI's own `_process_scaling` (what `recipemd -m`/`-y` runs) and prints
    /// `[[recipe as recipemd -j prints it, or null when recipemd refuses], …]` per file.
    /// With `argv[1]` `[]`, each file is only read (`recipemd -j FILE`): `[[recipe]]`.
    static let scale = #"""
        import argparse, contextlib, io, json, sys
        from recipemd.data import RecipeParser
        from recipemd.cli import main as cli

        operations = json.loads(sys.argv[1])
        results = []
        for path in sys.argv[2:]:
            with open(path, encoding="utf-8") as file:
                recipe = RecipeParser().parse(file.read())
            if not operations:
                results.append([json.loads(recipe.to_json())])
                continue
            row = []
            for kind, text in operations:
                args = argparse.Namespace(multiply=text if kind == "m" else None,
                                          required_yield=text if kind == "y" else None)
                try:
                    with contextlib.redirect_stderr(io.StringIO()):
                        row.append(json.loads(cli._process_scaling(recipe, args).to_json()))
                except cli.Exit:
                    row.append(None)
            results.append(row)
        print(json.dumps(results))
        """#
}

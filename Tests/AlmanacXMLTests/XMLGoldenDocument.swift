import AlmanacCore

/// A document that uses every field the XML writer knows, every kind of time, kept
/// XML (foreign attributes and unknown elements) and other formats' extras.
enum XMLGoldenDocument {
    static func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0)
    }

    static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0, nanosecond: Int = 0) -> CivilDateTime {
        CivilDateTime(date: date(year, month, day), hour: hour, minute: minute, second: second, nanosecond: nanosecond)
            ?? CivilDateTime(midnightOf: date(year, month, day))
    }

    /// `extras["xml"]` as the reader makes it: a foreign attribute and an unknown element.
    static let keptXML: OpaqueValue = .object([
        OpaqueMember("attributes", .object([OpaqueMember("{urn:example:kitchen}origin", .string("card \"7\""))])),
        OpaqueMember("elements", .array([
            .object([
                OpaqueMember("name", .string("calories")),
                OpaqueMember("namespace", .string("urn:example:kitchen")),
                OpaqueMember("attributes", .object([OpaqueMember("unit", .string("kcal"))])),
                OpaqueMember("content", .array([.string("320 "), .object([OpaqueMember("name", .string("approx"))]), .string(" <per slice>")])),
            ]),
            .object([OpaqueMember("name", .string("legacy"))]),
        ])),
    ])

    static let document = AlmanacDocument(recipes: [pie, saffronWater], events: events, extras: Extras([
        "json": .object([OpaqueMember("generator", .string("almanac tests"))]),
        "ics": .object([OpaqueMember("PRODID", .string("-//almanac//tests//EN"))]),
    ]))

    static let pie = Recipe(
        id: "R1",
        title: "Grandma's \"Best\" Apple Pie & <Custard>",
        summary: "Flaky crust\tbuttery \\ golden\nSecond line\r\nthird, crème brûlée, 日本, 😀 ]]>",
        yields: [Yield(amount: 8, unit: "slices"), Yield(amount: 1.5, unit: nil), Yield(amount: nil, unit: "pie")],
        prepTime: ISODuration(minutes: 45),
        cookTime: ISODuration(hours: 1, minutes: 15),
        totalTime: ISODuration(days: 1, hours: 2),
        ingredients: [
            Ingredient(amount: 0.5, unit: "tsp", name: "salt"),
            Ingredient(
                amount: 1e-7, unit: "g", name: "saffron", note: "a 'pinch'", link: "R2",
                extras: Extras(["json": .object([OpaqueMember("grams", .number("0.0000001"))]), "md": .string("~saffron~")])
            ),
        ],
        ingredientGroups: [
            IngredientGroup(
                title: "Crust",
                ingredients: [Ingredient(amount: 2.25, unit: "cups", name: "flour", note: "sifted"), Ingredient(amount: 4, name: "butter")],
                ingredientGroups: [IngredientGroup(title: "Egg wash", ingredients: [Ingredient(amount: 1, name: "egg")])]
            ),
            IngredientGroup(title: "Filling", ingredients: [Ingredient(amount: 6, name: "apples")]),
        ],
        directions: ["Preheat the oven to 200 °C."],
        directionGroups: [
            DirectionGroup(title: "Crust", directions: ["Rub the butter into the flour.", "Chill for 30 minutes."]),
            DirectionGroup(title: "Bake", directions: ["Bake 45 minutes\nuntil golden."]),
        ],
        rating: 5,
        isFavorite: true,
        collections: ["Baking", "Autumn"],
        tags: ["dessert", "fruit"],
        source: "https://example.invalid/pie?x=1&y=2",
        images: ["pie.jpg", "images/slice 2.png"],
        dateAdded: .utc(time(2026, 1, 2, 10, 0)),
        dateModified: .floating(time(2026, 3, 4, 5, 6, 7, nanosecond: 500_000_000)),
        extras: Extras([
            "xml": keptXML,
            "json": .object([OpaqueMember("origin", .string("card")), OpaqueMember("servings note", .array([.number("1.50"), .bool(false), .null]))]),
            "ics": .string("X-RECIPE"),
        ])
    )

    static let saffronWater = Recipe(
        id: "R2", title: "Saffron water", totalTime: ISODuration(), rating: 0,
        dateAdded: .date(date(2025, 12, 1)), dateModified: .zoned(time(2026, 2, 1, 8, 0), timeZone: "Asia/Tokyo"),
        extras: Extras(["xml": .object([OpaqueMember("attr", .string("not the shape the XML reader makes"))])])
    )

    static let events: [Event] = [
        Event(
            id: "E1", title: "Christmas Eve", symbol: "gift.fill", color: RGBAColor(red: 1, green: 0.5, blue: 0),
            start: .date(date(2026, 12, 24)), end: .date(date(2026, 12, 25)),
            location: "Home", notes: "Bring:\n\t- cookies", url: "https://example.invalid/xmas?a=1&b=2",
            categories: ["Family", "Holiday"], recurrence: "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", priority: 1,
            tasks: [
                EventTask(id: "T1", text: "Wrap gifts", isCompleted: true),
                EventTask(id: "T2\ttab", text: "Bake \"cookies\"", extras: Extras(["json": .object([OpaqueMember("priority", .number("1"))]), "ics": .string("VTODO")])),
                EventTask(id: "T3", text: "  "),
            ],
            extras: Extras(["ics": .object([OpaqueMember("X-ALARM", .array([.string("-PT15M"), .number("2e3"), .object([])]))])])
        ),
        Event(
            id: "E2", title: "Game night", color: RGBAColor(red: 0.25, green: 0.75, blue: 1, alpha: 0.5),
            start: .utc(time(2026, 12, 19, 2, 0)), end: .utc(time(2026, 12, 19, 5, 30, 0, nanosecond: 250_000_000))
        ),
        Event(
            id: "E3", title: "Flight LAX → BER",
            start: .zoned(time(2026, 12, 20, 15, 0), timeZone: "America/Los_Angeles"),
            end: .zoned(time(2026, 12, 21, 11, 30), timeZone: "Europe/Berlin")
        ),
        Event(
            id: "E4", title: "Dinner",
            start: .zoned(time(2026, 12, 21, 19, 0), timeZone: "Europe/Berlin"),
            end: .zoned(time(2026, 12, 21, 22, 0), timeZone: "Europe/Berlin"),
            tasks: [EventTask(id: "T4", text: "Book a table")]
        ),
        Event(
            id: "E5", title: "New Year's countdown",
            start: .floating(time(2026, 12, 31, 23, 30)), end: .floating(time(2027, 1, 1, 0, 30)),
            extras: Extras(["json": .object([OpaqueMember("mood", .string("festive"))])])
        ),
        Event(id: "E6", title: ""),
    ]
}

/// Words and phrases the generators draw from: mixed scripts, punctuation that
/// formats must escape, and lengths like those of real calendars and recipe collections.
enum TextPools {
    static let eventTitles = [
        "Maya's Birthday", "Game Night", "Quarterly review — Q3", "Café with Zoë", "Dentist",
        "Team offsite: planning; budget", "Überprüfung der Ergebnisse", "東京での会議", "Yoga (beginners)",
        "Piano lesson", "Book club, “The Overstory”", "Parent–teacher meeting", "Standup", "Ωmega launch 🚀",
        "Farmers' market", "Flight LH 454 → SFO", "Dinner at Łódź Kitchen", "Retrospective \\ sprint 12",
    ]

    static let locations = [
        "Maya's place, 1452 Alder Street, Portland", "Online (Discord)", "Room 4.12; Building B",
        "Café Zimt, Kastanienallee 12, Berlin", "東京都渋谷区神南1-2-3", "Community hall", "Zoom",
        "Häagen Street 5, Zürich", "Gate 23, Terminal 1",
    ]

    static let sentences = [
        "Bring the slides, the budget sheet and a charger.",
        "Guests arrive at 2:30, the guest of honour at 3; keep it quiet!",
        "Parking is behind the building — use the side door.",
        "Agenda: 1) review, 2) decisions; 3) next steps.",
        "Pensez à réserver la salle et à prévenir l'équipe.",
        "Bitte pünktlich sein: wir fangen um 9 Uhr an.",
        "資料は前日までに共有してください。",
        "Path on the share: \\\\server\\team\\plans.",
        "Dress code: casual, comfortable shoes 👟.",
        "Call +1 (555) 010-2030 if you are late.",
        "Remember the gift, the card, and the candles.",
        "Ask about the Ñandú exhibit at the museum.",
    ]

    static let categories = ["Work", "Family", "Friends", "Birthday", "Health", "Travel", "Music", "Reading", "Sport", "Café"]
    static let symbols = ["gift.fill", "dice.fill", "calendar", "briefcase.fill", "heart.fill", "airplane", "music.note", "book.fill"]

    /// CSS3 color keywords with their exact components, so that `COLOR` and
    /// `X-ALMANAC-COLOR` agree as almanac writes them.
    static let colors: [(name: String, hex: String, red: Int, green: Int, blue: Int)] = [
        ("red", "#FF0000FF", 255, 0, 0), ("darkorchid", "#9932CCFF", 153, 50, 204),
        ("seagreen", "#2E8B57FF", 46, 139, 87), ("steelblue", "#4682B4FF", 70, 130, 180),
        ("orange", "#FFA500FF", 255, 165, 0), ("gold", "#FFD700FF", 255, 215, 0),
    ]

    /// Titles of one or two words, for the smallest items.
    static let shortTitles = ["Standup", "Dentist", "Yoga", "Piano", "Café", "Zoë", "会議", "Run", "Lunch 🍜"]

    static let taskTexts = [
        "Buy a present", "Book the table", "Send the invite link", "Print the agenda", "Pick three games",
        "Bake the cake 🎂", "Reserve the room", "Confirm with Zoë", "Charge the projector", "Pack the bag",
    ]

    static let recipeTitles = [
        "Apple Galette", "Guava Syrup", "Guava Kombucha", "Crème brûlée", "Shakshuka", "Pão de queijo",
        "Käsespätzle", "Okonomiyaki (お好み焼き)", "Banana bread", "Tarte flambée", "Pho bò", "Pierogi ruskie",
        "Chili sin carne", "Lemon drizzle cake", "Miso soup", "Ratatouille",
    ]

    static let ingredientNames = [
        "all-purpose flour", "cold butter", "salt", "ice water", "tart apples", "lemon juice", "brown sugar",
        "ground cinnamon", "nutmeg", "eggs", "whole milk", "crème fraîche", "olive oil", "garlic cloves",
        "onions", "tomatoes", "smoked paprika", "cumin seeds", "fresh ginger", "soy sauce", "rice vinegar",
        "dashi", "spring onions", "Gruyère", "baking powder", "vanilla extract", "honey", "black pepper",
    ]

    static let ingredientNotes = ["sifted", "cubed", "finely chopped", "at room temperature", "freshly grated", "divided", "optional"]
    static let units = ["cups", "cup", "tbsp", "tsp", "g", "kg", "ml", "l", "pinch", "cloves"]
    static let amounts: [Double] = [0.125, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 100, 250, 500]
    static let groupTitles = ["For the dough", "For the filling", "For the sauce", "Spiced sugar", "To serve", "Marinade"]
    static let sectionTitles = ["Make the dough", "Prepare the filling", "Assemble and bake", "Finish", "Make the sauce"]
    static let tags = ["baking", "vegetarian", "quick", "fermented", "party", "fall", "breakfast", "soup", "dessert", "vegan"]

    static let directionSentences = [
        "Whisk the flour and salt, then cut in the butter until the pieces are the size of peas.",
        "Add the ice water a spoonful at a time until the dough just holds together when pressed.",
        "Flatten into a disc, wrap tightly and chill for at least 30 minutes, or overnight.",
        "Toss the apples with the lemon juice and the spiced sugar so every slice is coated.",
        "Roll the dough into a 30 cm round on a floured surface, turning it a quarter turn after each roll.",
        "Bake at 200 °C for 45 minutes, until the crust is deep golden and the juices bubble.",
        "Simmer gently, stirring now and then, and season to taste with salt and pepper.",
        "Let it rest for 10 minutes before slicing; the filling sets as it cools.",
    ]
}

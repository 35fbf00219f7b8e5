import Ravioli

// `swift run QuickStart` runs README.md's tutorial, then the examples that the articles on
// registering and resolving, injection options, function parameters, lookup policies,
// lifetimes and checking injected properties show, in that order.

Container.logger = StandardErrorLogger(minimumLevel: .warning)

print("— The 30-second tutorial")
thirtySecondTutorial()

print("\n— Registering and resolving")
try registering()

print("\n— Every injection option")
let app = Container(name: "quick-start")
app.register { () -> Greeter in EnglishGreeter() }
app.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
app.register { () -> Analytics in Analytics() }
app.register { () -> ImageCache in ImageCache() }
app.register { (parameter: Any) -> TaggedLogger in TaggedLogger(tag: "\(type(of: parameter))") }
injectionOptions(container: app)

print("\n— A custom lookup policy")
customPolicy(app: app)

print("\n— Lifetimes")
try lifetimes(app: app)

print("\n— Validating the graph")
validating()

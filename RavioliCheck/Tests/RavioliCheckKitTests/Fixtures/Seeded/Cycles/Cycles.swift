import Ravioli

let cycles = Container(name: "cycles") { c in
  c.register(needs: [.on(Egg.self)]) { () -> Chicken in Chicken() }
  c.register(needs: [.on(Chicken.self)]) { () -> Egg in Egg() }
  c.autoregister(initializer: Nest.init)
}

struct Chicken {}
struct Egg {}
struct Nest {
  init(nest: Nest) {}
}

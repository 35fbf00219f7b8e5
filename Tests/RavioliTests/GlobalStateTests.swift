import Testing

/// `Container.lookupPolicy` and `Container.logger` are process-wide, so every suite that sets
/// them is nested here and runs one test at a time. (`.serialized` orders only what it
/// contains: two sibling suites marked `.serialized` would still run side by side.)
@Suite(.serialized) struct GlobalStateTests {}

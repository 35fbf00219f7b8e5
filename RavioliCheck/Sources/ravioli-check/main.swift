import Foundation
import RavioliCheckKit

let usage = """
  usage: ravioli-check [--format text|json|sarif] [--include-tests]
                       [--report-only-under PATH]...
                       [--module NAME=PATH]... [--quiet] [--share-report] PATH...

  Reads the Swift files under each PATH (a package root, a folder or a file; folders are
  searched recursively, skipping .build*, hidden folders and, unless --include-tests,
  folders of tests) and reports, in the compiler's format, every injected type that no
  container it resolves from registers, every cycle among declared needs and autoregistered
  initializers, and every alternative that nothing registers. Each executable (and, with
  --include-tests, each test module) is checked with the modules it imports and the lookup
  policies they set. Exits 1 if it finds an error.

  --format FORMAT           text (the default: the compiler's format), json, or sarif
                            (SARIF 2.1.0, for code-scanning services)
  --report-only-under PATH  reads every PATH but reports only findings in files under
                            this one (repeat it for several)
  --quiet                   prints no summary line when there is nothing to report
  --share-report            leaves the whole check's report in the temporary folder, and
                            reads it there when the paths, options and files are those
                            of the run that left it (the build-tool plugin's commands,
                            one for each target, share one check this way)
  --module NAME=PATH        the files under PATH are the module NAME (the plugins give
                            each target); without it, a package root's targets are read
                            with `swift package dump-package`, and elsewhere a file's
                            module is the folder under the nearest Sources or Tests
                            folder, or the PATH read

  A line that ends in `// ravioli-check: ignore` is not checked.
  """

var paths: [String] = []
enum Format { case text, json, sarif }
var format = Format.text
var quiet = false
var stamp: String?
var options = RavioliCheck.Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--format":
    switch arguments.popFirst() {
    case "json": format = .json
    case "sarif": format = .sarif
    case "text": format = .text
    default:
      FileHandle.standardError.write(
        Data("ravioli-check: --format takes text, json or sarif\n\(usage)\n".utf8))
      exit(2)
    }
  case "--include-tests":
    options.includingTests = true
  case "--share-report":
    options.sharingReportIn = FileManager.default.temporaryDirectory.path
  case "--quiet":
    quiet = true
  case "--report-only-under":
    guard let path = arguments.popFirst() else {
      FileHandle.standardError.write(Data("ravioli-check: --report-only-under takes a path\n".utf8))
      exit(2)
    }
    options.reportingOnlyUnder.append(path)
  case "--module":
    guard let module = arguments.popFirst(), let equals = module.firstIndex(of: "="),
      equals != module.startIndex, module.index(after: equals) != module.endIndex
    else {
      FileHandle.standardError.write(
        Data("ravioli-check: --module takes NAME=PATH, such as Catalog=Sources/Catalog\n".utf8))
      exit(2)
    }
    options.modules.append(
      (String(module[..<equals]), String(module[module.index(after: equals)...])))
  case "--write-stamp":
    // For the build-tool plugin, whose command must write a file: an empty Swift file,
    // written only when nothing fails.
    stamp = arguments.popFirst()
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    if argument.hasPrefix("-") {
      FileHandle.standardError.write(
        Data("ravioli-check: unknown option \(argument)\n\(usage)\n".utf8))
      exit(2)
    }
    paths.append(argument)
  }
}
guard !paths.isEmpty else {
  FileHandle.standardError.write(Data("ravioli-check: give at least one PATH\n\(usage)\n".utf8))
  exit(2)
}
let report = RavioliCheck.run(paths: paths, options: options)
switch format {
case .json: print(report.json, terminator: "")
case .sarif: print(report.sarif, terminator: "")
case .text where !(quiet && report.findings.isEmpty): print(report.text, terminator: "")
case .text: break
}
if report.errorCount > 0 {
  exit(1)
}
if let stamp {
  // Written only when it is not there yet: a file rewritten on every check would make the
  // build compile its target again after each change anywhere in the package.
  let content = "// Checked by ravioli-check.\n"
  if (try? String(contentsOfFile: stamp, encoding: .utf8)) != content {
    try? content.write(toFile: stamp, atomically: true, encoding: .utf8)
  }
}

// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  // Compares AppDirectories with Foundation's FileManager on the operations programs make most,
  // and prints one Markdown table. Run it in release with a realistic environment:
  //
  //     swift run -c release appdirs-benchmarks
  //
  // or `Scripts/benchmark.sh`, which also times the `appdirs` tool against `systemd-path`.
  //
  // The benchmark works in a temporary home of its own (HOME is pointed there before anything
  // reads it), with a stock `user-dirs.dirs`, and removes it at the end.

  import AppDirectories
  import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  let sandbox = try Sandbox()
  defer { sandbox.remove() }

  let measurement = Measurement()
  var table = Table()

  let fileManager = FileManager.default
  let dirs = try AppDirectories(app: "BenchmarkApp")
  let dataPath = try dirs.directory(.data).path
  _ = try fileManager.url(
    for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
  _ = try fileManager.applicationSupportDirectory

  // 1. Find-or-create of an existing directory, against Foundation and against a bare stat().
  let directory = try measurement.measure { consume(try dirs.directory(.data)) }
  let foundationCreate = try measurement.measure {
    consume(
      try fileManager.url(
        for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
  }
  table.add(
    "`try dirs.directory(.data)` (exists)", directory, foundationCreate,
    foundation: "`url(for: .applicationSupportDirectory, …, create: true)`",
    target: .fasterBy(40))
  let bareStat = measurement.measure {
    var info = stat()
    consume(stat(dataPath, &info))
  }
  table.addFloor(
    "bare `stat()` of the same path", bareStat, for: directory, target: .atMostTimes(1.3))

  // 1a. The first call in a process: the walk from the top under the link rule, which the
  // steady state then compares its one `stat` with. The walk's memory is forgotten before each
  // call, so that every call is a first one.
  let firstReach = try measurement.measure {
    ReachedDirectories.forget()
    consume(try dirs.directory(.data))
  }
  table.addAgainst(
    "`try dirs.directory(.data)` (exists), first call in a process", firstReach,
    baseline: directory, named: "the same call in the steady state", atMostTimes: 25,
    sameSystemCalls: false)

  // 1b. A service's state directory in system scope, found: the machine's table costs what the
  // user's does, one `stat`. In the sandbox's isolated root, so that nothing of this machine's
  // `/var/lib` is written.
  let service = try AppDirectories(
    app: "BenchmarkApp", scope: .system, environment: .isolated(inPath: sandbox.root + "/machine"))
  let statePath = try service.directory(.state).path
  let serviceState = try measurement.measure { consume(try service.directory(.state)) }
  let stateStat = measurement.measure {
    var info = stat()
    consume(stat(statePath, &info))
  }
  table.addAgainst(
    "`try dirs.directory(.state)` in `scope: .system` (exists)", serviceState,
    baseline: stateStat, named: "bare `stat()` of the same path", atMostTimes: 2,
    sameSystemCalls: true)

  // 2. The one-liner, which names the directory after the executable.
  let oneLiner = try measurement.measure {
    consume(try fileManager.applicationSupportDirectory)
  }
  table.add(
    "`try FileManager.default.applicationSupportDirectory`", oneLiner, foundationCreate,
    foundation: "same Foundation call", target: .fasterBy(40))

  // 3. Resolve only.
  let resolve = try measurement.measure { consume(try dirs.url(for: .cache)) }
  let foundationResolve = try measurement.measure {
    consume(
      try fileManager.url(
        for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: false))
  }
  table.add(
    "`try dirs.url(for: .cache)`", resolve, foundationResolve,
    foundation: "`url(for: .cachesDirectory, …, create: false)`",
    target: .fasterBy(100, systemCalls: 0))

  // 4. A user folder from user-dirs.dirs.
  let documents = try measurement.measure {
    consume(try StandardDirectories.url(for: .documents))
  }
  let foundationDocuments = try measurement.measure {
    consume(
      try fileManager.url(
        for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: false))
  }
  table.add(
    "`StandardDirectories.url(for: .documents)`", documents, foundationDocuments,
    foundation: "`url(for: .documentDirectory, …, create: false)`",
    target: .fasterBy(10, systemCallsAtMost: 1))

  // 5. Searching XDG_DATA_DIRS: every entry is probed once for a file that is in none of them;
  // a directory that exists is reached first, as find-or-create reaches it.
  var perProbe: [Double] = []
  for entries in [1, 10, 100] {
    var environment = ProcessEnvironment.current
    environment.variables["XDG_DATA_DIRS"] = try sandbox.dataDirectories(entries)
      .joined(separator: ":")
    let searching = try AppDirectories(app: "BenchmarkApp", environment: environment)
    let locate = try measurement.measure {
      consume(try searching.locate("missing.json", in: .data))
    }
    let probes = entries + 1
    perProbe.append(locate.nanoseconds / Double(probes))
    // The application's own data directory exists; the system directories' folders for it do
    // not.
    table.addScaling(
      "`try dirs.locate(_:in: .data)`, \(entries) in `XDG_DATA_DIRS`", locate, probes: probes,
      existing: 1,
      perProbeGrowth: perProbe.last.flatMap { last in perProbe.first.map { last / $0 } })
    let search = try measurement.measure { consume(try searching.searchURLs(for: .data)) }
    table.addScaling(
      "`try dirs.searchURLs(for: .data)`, \(entries) in `XDG_DATA_DIRS`", search, probes: 0,
      perProbeGrowth: nil)
  }

  // 6. Runtime files: a socket's path in the steady state, against finding the runtime directory
  // itself; taking and releasing a lock, against the bare calls on the same file.
  let runtimePath = try dirs.directory(.runtime).path
  let socket = try measurement.measure { consume(try dirs.socketURL(named: "control.sock")) }
  let runtime = try measurement.measure { consume(try dirs.directory(.runtime)) }
  table.addAgainst(
    "`try dirs.socketURL(named:)` (fits, exists)", socket, baseline: runtime,
    named: "`try dirs.directory(.runtime)`", atMostTimes: 1.5, sameSystemCalls: true)
  let lockCost = try measurement.measure {
    guard let lock = try dirs.lock(named: "instance") else { fatalError("the lock is held") }
    lock.release()
  }
  let lockFile = runtimePath + "/bare.lock"
  let bareLock = measurement.measure {
    let descriptor = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    consume(flock(descriptor, LOCK_EX | LOCK_NB))
    close(descriptor)
  }
  table.addAgainst(
    "`try dirs.lock(named:)` then `release()`", lockCost, baseline: bareLock,
    named: "bare `open`, `flock`, `close`", atMostTimes: 10, sameSystemCalls: false)

  // 7. Saving a 4 KB settings file: the durable, atomic write against Foundation's atomic write
  // and against the floor, the bare calls of a durable replace (a new file made, written and
  // fsynced, renamed over the name, the directory fsynced). None of the durability steps is
  // skipped on either side of the floor.
  let settings = [UInt8]((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
  let configPath = try dirs.directory(.config).path
  let saved = try measurement.measure {
    try dirs.write(settings, toFile: "settings.json", in: .config)
  }
  let settingsData = Data(settings)
  let foundationURL = URL(fileURLWithPath: configPath + "/foundation.json")
  let foundationWrite = try measurement.measure {
    try settingsData.write(to: foundationURL, options: .atomic)
  }
  let floorTemporary = configPath + "/.floor.tmp"
  let floorTarget = configPath + "/floor.json"
  let floorWrite = measurement.measure {
    let file = open(floorTemporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    consume(settings.withUnsafeBytes { write(file, $0.baseAddress, $0.count) })
    consume(fsync(file))
    close(file)
    consume(rename(floorTemporary, floorTarget))
    let folder = open(configPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    consume(fsync(folder))
    close(folder)
  }
  table.addAgainst(
    "`try dirs.write(_:toFile:in:)`, 4 KB", saved, baseline: foundationWrite,
    named: "`Data.write(to:options: .atomic)`", atMostTimes: 1.5, sameSystemCalls: false)
  table.addAgainst(
    "`try dirs.write(_:toFile:in:)`, 4 KB", saved, baseline: floorWrite,
    named: "bare `open`, `write`, `fsync`, `rename`, `fsync` of the directory",
    atMostTimes: 1.5, sameSystemCalls: false)

  let (variables, bytes) = environmentSize()
  print(
    "AppDirectories against Foundation, \(variables) environment variables (\(bytes) bytes), "
      + (SystemCallCounter.make() == nil
        ? "system calls not countable here" : "system calls counted by the kernel"))
  print()
  print(table.render())
#else
  // What this measures is the library's URL and FileManager API beside Foundation's own.
  print("built without the FoundationAPI trait, whose API this program measures")
#endif

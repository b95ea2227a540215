// The system packages `npm start` and `npm test` need, installed on the first
// run: the runner's sandbox and compilers (both), and Debian's chromium for
// the browser tests (test only). As root (or with passwordless sudo) they
// come from apt-get with a visible progress line; otherwise the one exact command is printed and
// `start` goes on serving (only running code needs them) while `test` stops.
//
//   node scripts/prerequisites.mjs start|test   (also imported by scripts/start.mjs)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Each package with the check that tells it is there (a file or a command on PATH). */
export const RUNNER_PACKAGES = [
  { pkg: "bubblewrap", why: "the runner's sandbox", present: () => onPath("bwrap") },
  { pkg: "gcc", why: "C", present: () => onPath("gcc") },
  { pkg: "g++", why: "C++", present: () => onPath("g++") },
  // C headers, and libc.a for the runner's static launcher.
  { pkg: "libc6-dev", why: "C headers and libc.a", present: () => existsSync("/usr/include/stdio.h") && existsSync("/usr/lib/x86_64-linux-gnu/libc.a") },
  { pkg: "openjdk-17-jdk-headless", why: "Java", present: () => existsSync("/usr/lib/jvm/java-17-openjdk-amd64/bin/javac") },
  { pkg: "python3", why: "Python", present: () => existsSync("/usr/bin/python3") },
];
export const BROWSER_PACKAGES = [{ pkg: "chromium", why: "the browser tests", present: () => existsSync("/usr/bin/chromium") }];

function onPath(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export function missingPackages(purpose) {
  const wanted = purpose === "test" ? [...RUNNER_PACKAGES, ...BROWSER_PACKAGES] : RUNNER_PACKAGES;
  return wanted.filter((p) => !p.present());
}

export function installCommand(packages) {
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`;
}

/**
 * Installs what `purpose` ("start" or "test") lacks. Returns true when
 * everything is there afterwards; false (after printing the command) when it
 * cannot install.
 */
export function ensurePrerequisites(purpose) {
  const missing = missingPackages(purpose);
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.pkg);
  const list = missing.map((p) => `${p.pkg} (${p.why})`).join(", ");
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  // Not root: passwordless sudo (a CI machine) will do; a password prompt will not.
  const sudo = !root && onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  const apt = onPath("apt-get");
  if ((!root && !sudo) || !apt) {
    console.error(`\n⚠ Missing system packages: ${list}.`);
    console.error(apt ? `  Install them with:\n\n    ${installCommand(names)}\n` : "  Install them with your system's package manager (this machine has no apt-get).\n");
    return false;
  }
  console.log(`\n• First run: installing ${list} with apt-get (about 1–3 minutes on a fresh machine)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const step = (label, args) => {
    console.log(`  ${label}`);
    const result = sudo
      ? spawnSync("sudo", ["-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", ...args], { stdio: ["ignore", "ignore", "inherit"], env })
      : spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env });
    if (result.status !== 0) {
      console.error(`\n✗ apt-get ${args.join(" ")} failed (exit ${result.status}).`);
      return false;
    }
    return true;
  };
  const ok =
    step("[1/2] apt-get update", ["update", "-qq"]) &&
    step(`[2/2] apt-get install ${names.join(" ")}`, ["install", "-y", "-qq", "--no-install-recommends", ...names]);
  const still = missingPackages(purpose).map((p) => p.pkg);
  if (!ok || still.length > 0) {
    console.error(`\n⚠ Still missing after apt-get: ${still.join(", ") || names.join(", ")}.`);
    return false;
  }
  console.log("• System packages ready.\n");
  return true;
}

// As a script: `test` stops on anything missing (the suites would fail later and less clearly).
if (import.meta.url === `file://${process.argv[1]}`) {
  const purpose = process.argv[2] === "start" ? "start" : "test";
  if (!ensurePrerequisites(purpose) && purpose === "test") {
    console.error("✗ npm test needs these packages: install them (command above) and run it again.");
    process.exit(1);
  }
}

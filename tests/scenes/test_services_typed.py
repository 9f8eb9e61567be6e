"""The App's services reach the scenes typed: every function of scenes/ that takes the App says so
(`app: Host`), and the protocols it is seen through name no Any, so mypy checks what each scene uses."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def untyped_app_parameters() -> list[str]:
    """'file:line function' of every function in scenes/ with a parameter `app` and no annotation."""
    found = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                parameters = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if any(arg.arg == "app" and arg.annotation is None for arg in parameters):
                    found.append(f"{name}:{node.lineno} {node.name}")
    return found


def any_names(path: Path, classes: set[str]) -> list[str]:
    """The lines of `classes` in `path` whose annotations name Any."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in classes):
        for node in ast.walk(cls):
            if isinstance(node, ast.Name | ast.Attribute) and (getattr(node, "id", None) == "Any"
                                                               or getattr(node, "attr", None) == "Any"):
                lines.append(f"{path.name}:{node.lineno}")
    return lines


def test_every_function_of_the_scenes_types_the_app_it_takes():
    assert untyped_app_parameters() == []


def test_the_services_a_scene_sees_are_not_any():
    found = any_names(ROOT / "scenes" / "services.py", {"Services", "Online", "SaidPhrase"})
    found += any_names(ROOT / "scenes" / "base.py", {"Host"})
    assert found == []

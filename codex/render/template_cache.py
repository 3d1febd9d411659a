"""Compiled Jinja templates kept from one build to the next, as Python keeps .pyc files: compiling the theme's
templates is a tenth of a language's build, and they rarely change.

Jinja's own file cache keys a compiled template on its name and file, and checks it against the checksum of the
template's source and against Jinja's and Python's versions. This cache adds to the key the settings with which the
environment compiles (delimiters, whitespace, autoescape, extensions...), so that two environments that compile one
file differently never share its code. It lives in Jinja's per-user cache folder in the system's temporary folder;
a cache that cannot be read or written is no cache: the templates are then compiled as without one.
"""

from __future__ import annotations

from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket


class TemplateCodeCache(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, keyed on the environment's compile settings too."""

    def __init__(self, environment: Environment) -> None:
        super().__init__(pattern="codex-%s.cache")
        self.environment = environment
        self.settings = repr(compile_settings(environment))

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        autoescape = self.environment.autoescape
        escaped = autoescape(name) if callable(autoescape) else autoescape
        return super().get_cache_key(f"{name}\n{escaped}\n{self.settings}", filename)

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError):  # unreadable or damaged: compile
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # not writable: the next build compiles again
            pass


def compile_settings(environment: Environment) -> tuple:
    """What, beside the template's source, decides the code Jinja compiles it to."""
    env = environment
    return (
        (env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string),
        (env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix),
        (env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline),
        (env.optimized, env.is_async, env.finalize is not None, getattr(env.finalize, "__qualname__", None)),
        sorted(env.extensions),
        getattr(env, "newstyle_gettext", None),
        (env.policies.get("compiler.ascii_str"), env.policies.get("ext.i18n.trimmed")),
    )


def cache_compiled_templates(environment: Environment) -> Environment:
    """Give `environment` the cache (left without one when the system has no usable cache folder)."""
    try:
        environment.bytecode_cache = TemplateCodeCache(environment)
    except (RuntimeError, OSError):
        pass
    return environment

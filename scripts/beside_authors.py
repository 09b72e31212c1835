"""What the scripts that run authors' code beside CPEx share (bbai_beside_authors.py,
rage_beside_authors.py): the one-line refusal, the command line's AUTHORS_CHECKOUT and
--build DIR, and the cpex program of that build."""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def refuser(script):
    """refuse(message) for SCRIPT: prints 'SCRIPT: message' on stderr and exits with status 2."""
    def refuse(message):
        print(script + ": " + message, file=sys.stderr)
        sys.exit(2)
    return refuse


def command_line(description, authors, usage, refuse):
    """A parser with the authors' checkout (AUTHORS names their repository) and --build DIR
    (default build, or $CPEX_BUILD_DIR); a bad command line is refused with USAGE."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("authors", help="a checkout of " + authors)
    p.add_argument("--build", default=os.environ.get("CPEX_BUILD_DIR", os.path.join(ROOT, "build")),
                   help="CPEx build directory (default build or $CPEX_BUILD_DIR)")
    p.error = lambda message: refuse("%s (%s)" % (message, usage))
    return p


def cpex_program(build, refuse):
    """The cpex program of the build directory BUILD; refused when it is not there."""
    program = os.path.join(build, "bin", "cpex")
    if not os.access(program, os.X_OK):
        refuse("no %s (build CPEx first: bash scripts/build.sh, or give --build DIR)" % program)
    return program

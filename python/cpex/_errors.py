"""The exceptions of cpex. Every message is one line naming the culprit (the file or
pipeline, the section, the key, the plugin), the same line `cpex` prints on the command
line for the same input."""


class Error(Exception):
    """Base of every error cpex reports (a bad pipeline, plugin, option or file)."""


class ConfigError(Error, ValueError):
    """A pipeline, an override (`set=`), an option or a parameter value is wrong."""


class PluginError(Error):
    """A plugin library cannot be found, loaded or registered (name taken, bad library)."""


class RunError(Error):
    """A plugin failed while a run was built or ran (raised before the first run, when the
    pipeline's check builds one; a failure inside a sweep is a RunsFailed with the row)."""


class ParameterError(Error, ValueError):
    """Raised by a Python plugin that rejects one of its own parameters: `key` names it.
    cpex adds the pipeline and the section, as for compiled plugins:
    `raise cpex.ParameterError("delta", "must be below 0.5 for this problem")`."""

    def __init__(self, key, message):
        super().__init__(message)
        self.key = key


class RunsFailed(Error):
    """Some runs threw (status `error` rows; `cpex run` exits with status 3). The message
    names the first failure; `frame` holds every row, the failed ones included."""

    def __init__(self, message, frame=None):
        super().__init__(message)
        self.frame = frame


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) stopped a run or sweep cleanly: the runs that had finished are kept
    (in the store given as `out=`, where the same call resumes them, and in `frame`).
    A KeyboardInterrupt, so it ends a script or a notebook cell like any Ctrl-C."""

    def __init__(self, message, frame=None):
        super().__init__(message)
        self.frame = frame

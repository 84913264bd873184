"""The one exception family the whole program raises for bad input.

Every layer raises a subclass of :class:`VtmError` with a message written for a
person (what was wrong and where); the command line and the app show that
message as it is, never a traceback.
"""


class VtmError(Exception):
    """Bad input or a state the user must fix; the message says what and where."""

    def __str__(self) -> str:  # keep messages one line, whatever callers pass
        return " ".join(str(self.args[0]).split()) if self.args else self.__class__.__name__

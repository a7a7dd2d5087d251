from tests.web.browser import browser  # noqa: F401  (a fixture shared by the browser tests)

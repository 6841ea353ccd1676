"""How hard each Hypothesis property tries, by profile.

Every property states its thorough count of examples with `tries(count)`. The `thorough`
profile (`HYPOTHESIS_PROFILE=thorough`, the nightly run the README names) tries them all,
each run on fresh random examples. The default profile, for every other run, tries a fifth
of them (at least ten, or all when there are fewer), on examples that are the same every
run: the suite stays quick, and a failure in it is the code's, never the draw's.
"""

import os

from hypothesis import HealthCheck, settings

THOROUGH = "thorough"
SHARE = 5
AT_LEAST = 10

settings.register_profile("default", deadline=None, derandomize=True)
settings.register_profile(THOROUGH, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def tries(count: int, *, health_checks: tuple[HealthCheck, ...] = ()) -> settings:
    """Settings for a property whose thorough run tries `count` examples; `health_checks`
    are those it may suppress."""
    if settings.get_current_profile_name() != THOROUGH:
        count = max(count // SHARE, min(count, AT_LEAST))
    return settings(max_examples=count, suppress_health_check=health_checks)

"""Django's own sentences that our pages show, marked so that our catalogue carries them.

The account forms are Django's (labels, help texts, errors and the password rules), and
every form's field errors ("This field is required.") and the month names of `|date` are
Django's words too. Django translates them into Hindi, but has no Filipino; and its Hindi
is not the plain Hindi of our pages (कूटशब्द for "password", संचिका for "file"). Our
catalogue is merged over Django's and wins where both have a sentence: marking Django's
sentences here puts them in our catalogue (`makemessages` reads this module), with our
Filipino and our Hindi.

Nothing here is called: it only marks. The sentences are Django's exactly (its msgids, its
placeholders), as `tests/web/languages/test_languages.py` checks against Django's own
catalogue. Only what our pages can show is here: the forms' errors of the fields we use,
the account forms, the password rules of settings.AUTH_PASSWORD_VALIDATORS, and the month
names our dates are written with ("j M Y", "j F Y").
"""

from django.utils.translation import gettext_noop, ngettext_lazy

# The errors of the form fields our pages use (django/forms/fields.py, core/validators.py).
FIELD_ERRORS = (
    gettext_noop("This field is required."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("No file was submitted. Check the encoding type on the form."),
    gettext_noop("No file was submitted."),
    gettext_noop("The submitted file is empty."),
)

FIELD_ERRORS_COUNTED = (
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
    ),
)

# The account forms: log in, sign up, change and reset a password (django/contrib/auth).
ACCOUNT_FORMS = (
    gettext_noop("username"),
    gettext_noop("email address"),
    gettext_noop("Email"),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and "
        "@/./+/-/_ characters."
    ),
    gettext_noop("A user with that username already exists."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
)

# The password rules (settings.AUTH_PASSWORD_VALIDATORS): the help under the field, and
# the errors.
PASSWORD_RULES = (
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("This password is entirely numeric."),
)

PASSWORD_RULES_COUNTED = (
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
    ),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
    ),
)

# The months, as "M" (three letters, capitalised by Django) and "F" write them
# (django/utils/dates.py).
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)

MONTHS_SHORT = (
    gettext_noop("jan"),
    gettext_noop("feb"),
    gettext_noop("mar"),
    gettext_noop("apr"),
    gettext_noop("may"),
    gettext_noop("jun"),
    gettext_noop("jul"),
    gettext_noop("aug"),
    gettext_noop("sep"),
    gettext_noop("oct"),
    gettext_noop("nov"),
    gettext_noop("dec"),
)

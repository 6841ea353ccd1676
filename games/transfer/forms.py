"""The import form: one exported JSON file."""

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.transfer.reading import TransferError, read_file

# An export of a thousand games is well under a megabyte; anything far bigger is no export.
MAX_IMPORT_BYTES = 5 * 1024 * 1024


class ImportForm(forms.Form):
    """A file exported before (JSON); `cleaned_data["games"]` holds its games, checked
    field by field. Saving them through the table's actions is the import's own last
    check (import_games)."""

    file = forms.FileField(
        label=gettext_lazy("Exported file"),
        help_text=format_lazy(
            # Translators: {count} is a number of megabytes (5).
            gettext_lazy("A .json file of up to {count} MB."),
            count=MAX_IMPORT_BYTES // (1024 * 1024),
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                # Translators: {count} is a number of megabytes (5).
                _("The file is larger than {count} MB: it cannot be a Scorekeeper export.").format(
                    count=MAX_IMPORT_BYTES // (1024 * 1024)
                )
            )
        try:
            self.cleaned_data["games"] = read_file(upload.read())
        except TransferError as error:
            raise forms.ValidationError(str(error)) from error
        return upload

"""The import form: one exported JSON file."""

from typing import Any

from django import forms

from games.transfer.reading import TransferError, read_file

# An export of a thousand games is well under a megabyte; anything far bigger is no export.
MAX_IMPORT_BYTES = 5 * 1024 * 1024


class ImportForm(forms.Form):
    """A file exported before (JSON); `cleaned_data["games"]` holds its games, checked
    field by field. Saving them through the table's actions is the import's own last
    check (import_games)."""

    file = forms.FileField(
        label="Exported file",
        help_text=f"A .json file of up to {MAX_IMPORT_BYTES // (1024 * 1024)} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB: "
                "it cannot be a Scorekeeper export."
            )
        try:
            self.cleaned_data["games"] = read_file(upload.read())
        except TransferError as error:
            raise forms.ValidationError(str(error)) from error
        return upload

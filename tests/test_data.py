import os

import pytest

from cryptic.data import written_whole


def test_a_file_written_whole_appears_with_a_new_files_permissions(tmp_path):
    target = tmp_path / "out.txt"
    with written_whole(str(target), ".txt") as tmp:
        with open(tmp, "w") as f:
            f.write("done")
        assert not target.exists()  # nothing in place until the block ends
    umask = os.umask(0)
    os.umask(umask)
    assert target.read_text() == "done" and target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), written_whole(str(target), ".txt") as tmp:
        with open(tmp, "w") as f:
            f.write("half")
        raise RuntimeError("disk full")
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["out.txt"]


def test_a_write_that_the_system_refuses_is_a_data_error_naming_the_file(tmp_path):
    from cryptic.data import DataError

    with pytest.raises(DataError, match="cannot write .*gone"):
        with written_whole(str(tmp_path / "gone" / "out.png"), ".png"):
            pass
    target = tmp_path / "taken"
    target.mkdir()  # replacing a folder with a file fails only at the end
    with pytest.raises(DataError, match="cannot write"), written_whole(str(target), ".png") as tmp:
        with open(tmp, "w") as f:
            f.write("x")
    assert os.listdir(tmp_path) == ["taken"] and not os.listdir(target)

from pokerdb.cli import app

app(prog_name="pokerdb")
